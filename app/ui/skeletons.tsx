/*
 * Grey shapes of a block's size while it is still loading, so the page does not move when it
 * arrives: the same boxes, aspect ratios and gaps as the block's own styles. Hidden from
 * assistive technology; whoever shows skeletons announces the wait once (see PageSkeleton).
 */

export function HeroSkeleton() {
  return (
    <div className="skeleton skeleton-hero" aria-hidden="true">
      <div className="skeleton-box skeleton-hero-slide" />
      <div className="skeleton-hero-controls" />
    </div>
  );
}

export function RailSkeleton({
  title,
  portrait = false,
  cards = 8,
}: {
  title?: string;
  portrait?: boolean;
  cards?: number;
}) {
  return (
    <div className={`skeleton skeleton-rail${portrait ? " rail-portrait" : ""}`} aria-hidden="true">
      <SkeletonHeader title={title} />
      <div className="rail-list skeleton-rail-list">
        {Array.from({ length: cards }, (_, i) => (
          <CardSkeleton key={i} portrait={portrait} />
        ))}
      </div>
    </div>
  );
}

/** As many cards as the grid's first page at each width (9, 16 or 20). */
export function GridSkeleton({ title }: { title?: string }) {
  return (
    <div className="skeleton skeleton-grid" aria-hidden="true">
      <SkeletonHeader title={title} />
      <div className="grid-list grid-pending">
        {Array.from({ length: 20 }, (_, i) => (
          <div className="grid-item" key={i}>
            <CardSkeleton />
          </div>
        ))}
      </div>
    </div>
  );
}

export function ScheduleSkeleton({ title }: { title?: string }) {
  return (
    <div className="skeleton skeleton-schedule" aria-hidden="true">
      <SkeletonHeader title={title} />
      <div className="skeleton-line skeleton-day" />
      <div className="schedule-list">
        {Array.from({ length: 4 }, (_, i) => (
          <div className="schedule-item skeleton-schedule-item" key={i} />
        ))}
      </div>
    </div>
  );
}

function SkeletonHeader({ title }: { title?: string }) {
  return (
    <div className="block-header">
      {title ? (
        <div className="skeleton-title">{title}</div>
      ) : (
        <div className="skeleton-line skeleton-title-line" />
      )}
    </div>
  );
}

function CardSkeleton({ portrait = false }: { portrait?: boolean }) {
  return (
    <div className={`card skeleton-card${portrait ? " card-portrait" : ""}`}>
      <div className="card-media skeleton-box" />
      <div className="card-body">
        <div className="skeleton-line" />
        <div className="skeleton-line skeleton-line-short" />
      </div>
    </div>
  );
}
