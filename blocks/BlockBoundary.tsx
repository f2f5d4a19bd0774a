import { Component, type ReactNode } from "react";

interface Props {
  blockId: string;
  blockType: string;
  onError: (error: unknown, blockId: string, blockType: string) => void;
  children: ReactNode;
}

/** One broken block renders nothing in its place; the rest of the page stays. */
export class BlockBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.onError(error, this.props.blockId, this.props.blockType);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
