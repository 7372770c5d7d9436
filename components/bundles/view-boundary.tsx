"use client";

import { Component, type ReactNode } from "react";
import { errorMessage } from "@/lib/values";

interface State {
  error: unknown;
}

/**
 * Catches a unit view that cannot render this bundle (a file from another Loupe may hold shapes
 * its view never met) and shows the fallback instead, with why: an imported bundle is never blank.
 */
export class BundleViewBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  render() {
    if (this.state.error === null) return this.props.children;
    return (
      <>
        <p
          role="alert"
          data-testid="bundle-view-failed"
          className="mx-4 mt-3 rounded-md border border-amber-500/40 bg-amber-500/10 p-2 text-xs"
        >
          This bundle&apos;s view could not show it ({errorMessage(this.state.error)}); its entries are listed as recorded instead.
        </p>
        {this.props.fallback}
      </>
    );
  }
}
