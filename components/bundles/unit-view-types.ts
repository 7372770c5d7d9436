import type { ComponentType } from "react";
import type { BundleUnitType } from "@/lib/contracts/bundle";
import type { BundleUnitViewProps } from "@/lib/workbench/slots";

/** Total: a new unit type does not compile until it has a read-only view. */
export type BundleUnitViewTable = Record<BundleUnitType, ComponentType<BundleUnitViewProps>>;
