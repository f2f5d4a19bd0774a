import { useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { useT } from "../i18n/i18n.ts";
import {
  addBlock,
  duplicateBlock,
  moveBlock,
  outlineOf,
  removeBlock,
  type BlockPlace,
  type OutlineEdit,
} from "./outline.ts";
import type { PaletteEntry } from "./types.ts";

type Action = "select" | "up" | "down";

interface Props {
  /** The editor's text as it is now (saved or not). */
  text: string;
  palette: PaletteEntry[];
  /** The id of the block selected here or in the preview. */
  selected: string | null;
  /** An edit made here: the new text, and the block it leaves selected. */
  onEdit(edit: OutlineEdit, selectedId: string | null): void;
  /** A block chosen here: select its JSON in the text and its tile in the preview. */
  onSelect(place: BlockPlace, id: string): void;
}

function idAt(text: string, place: BlockPlace | null): string | null {
  if (!place) return null;
  const outline = outlineOf(text);
  if (outline.kind !== "zones") return null;
  return outline.zones.find((z) => z.zone === place.zone)?.blocks[place.index]?.id ?? null;
}

/**
 * The layout's zones and their blocks, read from the editor's text: add a block from the
 * palette, reorder (drag, or the move buttons by keyboard), duplicate and remove. Every change
 * is written back to the text, which stays the one source of the document.
 */
export function BlockOutline({ text, palette, selected, onEdit, onSelect }: Props) {
  const t = useT();
  const outline = useMemo(() => outlineOf(text), [text]);
  const [status, setStatus] = useState("");
  const list = useRef<HTMLDivElement>(null);
  // Where keyboard focus goes once the change has rendered (a moved block's button moves too).
  const focusNext = useRef<{ id: string | null; action: Action; zone: string } | null>(null);
  const dragged = useRef<BlockPlace | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    if (!next || !list.current) return;
    focusNext.current = null;
    const block = next.id
      ? list.current.querySelector<HTMLElement>(`[data-block="${CSS.escape(next.id)}"]`)
      : null;
    const button =
      block?.querySelector<HTMLButtonElement>(`[data-action="${next.action}"]:not(:disabled)`) ??
      block?.querySelector<HTMLButtonElement>('[data-action="select"]') ??
      list.current.querySelector<HTMLElement>(
        `[data-zone="${CSS.escape(next.zone)}"] .workbench-palette summary`,
      );
    button?.focus();
  });

  if (outline.kind === "none") return null;

  const apply = (
    edit: OutlineEdit | null,
    action: Action,
    zone: string,
    announce: (id: string | null) => string,
  ) => {
    if (!edit) return;
    const id = idAt(edit.text, edit.select);
    focusNext.current = { id, action, zone };
    setStatus(announce(id));
    onEdit(edit, id);
  };

  const dropOn = (event: DragEvent, target: BlockPlace) => {
    const from = dragged.current;
    dragged.current = null;
    if (!from || from.zone !== target.zone || from.index === target.index) return;
    event.preventDefault();
    apply(moveBlock(text, from, target.index), "select", target.zone, (id) =>
      t("workbenchOutlineMoved", { id, zone: target.zone, position: target.index + 1 }),
    );
  };

  return (
    <section className="workbench-outline" aria-labelledby="workbench-outline-title">
      <h2 id="workbench-outline-title">{t("workbenchOutline")}</h2>
      <p className="workbench-outline-hint">{t("workbenchOutlineHint")}</p>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {outline.kind === "unreadable" ? (
        <p className="workbench-outline-unreadable">{t("workbenchOutlineUnreadable")}</p>
      ) : (
        <div ref={list}>
          {outline.zones.map(({ zone, blocks, unused }) => (
            <div key={zone} className="workbench-zone" data-zone={zone}>
              <h3 id={`workbench-zone-${zone}`}>
                {t("workbenchOutlineZone", { zone })}
                {unused ? (
                  <span className="workbench-zone-unused">
                    {" "}
                    · {t("workbenchOutlineZoneUnused")}
                  </span>
                ) : null}
              </h3>
              {blocks.length === 0 ? <p>{t("workbenchOutlineEmpty")}</p> : null}
              <ol aria-labelledby={`workbench-zone-${zone}`}>
                {blocks.map((block, index) => {
                  const place = { zone, index };
                  const isSelected = block.id === selected;
                  return (
                    <li
                      key={`${block.id}:${index}`}
                      data-block={block.id}
                      data-selected={isSelected ? "" : undefined}
                      draggable
                      onDragStart={(event) => {
                        dragged.current = place;
                        event.dataTransfer.effectAllowed = "move";
                        event.dataTransfer.setData("text/plain", block.id);
                      }}
                      onDragOver={(event) => {
                        if (dragged.current?.zone === zone) event.preventDefault();
                      }}
                      onDrop={(event) => dropOn(event, place)}
                    >
                      <button
                        type="button"
                        className="workbench-block-name"
                        data-action="select"
                        aria-pressed={isSelected}
                        onClick={() => onSelect(place, block.id)}
                      >
                        <code>{block.type}</code> {block.id}
                        {block.title && block.title !== block.id ? (
                          <span className="workbench-block-title"> · {block.title}</span>
                        ) : null}
                      </button>
                      <span className="workbench-block-actions">
                        <BlockAction
                          action="up"
                          label={t("workbenchMoveUp")}
                          blockId={block.id}
                          disabled={index === 0}
                          onClick={() =>
                            apply(moveBlock(text, place, index - 1), "up", zone, (id) =>
                              t("workbenchOutlineMoved", { id, zone, position: index }),
                            )
                          }
                        />
                        <BlockAction
                          action="down"
                          label={t("workbenchMoveDown")}
                          blockId={block.id}
                          disabled={index === blocks.length - 1}
                          onClick={() =>
                            apply(moveBlock(text, place, index + 1), "down", zone, (id) =>
                              t("workbenchOutlineMoved", { id, zone, position: index + 2 }),
                            )
                          }
                        />
                        <BlockAction
                          action="duplicate"
                          label={t("workbenchDuplicate")}
                          blockId={block.id}
                          onClick={() =>
                            apply(duplicateBlock(text, place), "select", zone, (id) =>
                              t("workbenchOutlineDuplicated", { id, from: block.id }),
                            )
                          }
                        />
                        <BlockAction
                          action="remove"
                          label={t("workbenchRemove")}
                          blockId={block.id}
                          onClick={() =>
                            apply(removeBlock(text, place), "select", zone, () =>
                              t("workbenchOutlineRemoved", { id: block.id, zone }),
                            )
                          }
                        />
                      </span>
                    </li>
                  );
                })}
              </ol>
              {palette.length > 0 ? (
                <details className="workbench-palette">
                  <summary>{t("workbenchAddBlock", { zone })}</summary>
                  <ul>
                    {palette.map((entry) => (
                      <li key={entry.type}>
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={(event) => {
                            event.currentTarget.closest("details")?.removeAttribute("open");
                            apply(addBlock(text, zone, entry.example), "select", zone, (id) =>
                              t("workbenchOutlineAdded", { id, zone }),
                            );
                          }}
                        >
                          {t("workbenchAddThisBlock", { type: entry.type })}
                        </button>
                        <p>{entry.description}</p>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}

/** One of a block's buttons: its visible label, and the block's id for screen readers. */
function BlockAction({
  action,
  label,
  blockId,
  disabled = false,
  onClick,
}: {
  action: string;
  label: string;
  blockId: string;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className="button button-secondary"
      data-action={action}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
      <span className="visually-hidden"> {blockId}</span>
    </button>
  );
}
