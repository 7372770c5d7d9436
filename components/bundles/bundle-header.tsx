"use client";

import { DownloadIcon, LockIcon, Trash2Icon } from "lucide-react";
import { BUNDLE_ORIGIN_LABEL, BUNDLE_UNIT_LABEL, type ImportedBundle } from "@/lib/contracts/bundle";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { QueryError } from "@/components/elements/query-error";
import { useState } from "react";
import { useDeleteBundle } from "@/hooks/use-bundles";
import { fetchBundleFile } from "@/lib/queries/bundles";
import { AppError } from "@/lib/errors";
import { bundleFileName } from "@/lib/bundle-file-name";
import { downloadText } from "@/lib/tool-result/download";
import { formatDateTime, formatBytes, formatCount } from "@/lib/format";

export interface BundleHeaderProps {
  imported: ImportedBundle;
  onDeleted: () => void;
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-[11px] text-muted-foreground">{label}</dt>
      <dd className="truncate text-xs" data-testid={testId} title={value}>
        {value}
      </dd>
    </div>
  );
}

/** What an imported bundle is, where it came from, and that it is read-only; Download and Delete. */
export function BundleHeader({ imported, onDeleted }: BundleHeaderProps) {
  const { summary, bundle } = imported;
  const remove = useDeleteBundle();
  const [downloadError, setDownloadError] = useState<AppError | null>(null);
  // The page holds only the pages it read: the file comes from the server, as it was imported.
  const onDownload = () => {
    setDownloadError(null);
    fetchBundleFile(summary.id).then(
      (text) => downloadText(text, summary.fileName ?? bundleFileName(summary.title), "application/json"),
      (e: unknown) => setDownloadError(AppError.from(e)),
    );
  };
  const exportedAt = Date.parse(bundle.exportedAt);
  const onDelete = () => {
    if (!window.confirm(`Delete the imported bundle “${summary.title}”? Only this Loupe's copy goes; the file stays wherever it is.`))
      return;
    remove.mutate(summary.id, { onSuccess: onDeleted });
  };
  return (
    <header className="flex flex-col gap-2 border-b px-4 py-3" data-testid="bundle-header">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="info" data-testid="bundle-readonly-badge">
          <LockIcon aria-hidden /> Imported · read-only
        </Badge>
        <h1 className="min-w-0 flex-1 truncate text-sm font-semibold" data-testid="bundle-title">
          {summary.title}
        </h1>
        <Button size="xs" variant="outline" data-testid="bundle-download" title="Save the bundle as it was imported" onClick={onDownload}>
          <DownloadIcon /> Download
        </Button>
        <Button size="xs" variant="outline" data-testid="bundle-delete" disabled={remove.isPending} onClick={onDelete}>
          <Trash2Icon /> Delete
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
        <Fact label="Unit" value={BUNDLE_UNIT_LABEL[summary.unitType]} testId="bundle-unit" />
        <Fact label="Origin" value={BUNDLE_ORIGIN_LABEL[summary.origin]} testId="bundle-origin" />
        <Fact label="File" value={summary.fileName ?? "pasted"} testId="bundle-file" />
        <Fact
          label="Exported"
          value={Number.isNaN(exportedAt) ? bundle.exportedAt : formatDateTime(exportedAt)}
          testId="bundle-exported-at"
        />
        <Fact label="Loupe version" value={summary.loupeVersion} testId="bundle-loupe-version" />
        <Fact label="Entries" value={formatCount(summary.entryCount)} testId="bundle-entry-count" />
        <Fact label="Secrets masked" value={formatCount(bundle.secrets.masked)} testId="bundle-masked" />
        <Fact label="Size" value={formatBytes(summary.bytes)} testId="bundle-size" />
      </dl>
      {remove.error && <QueryError title="Could not delete the bundle" error={remove.error} />}
      {downloadError && <QueryError title="Could not download the bundle" error={downloadError} />}
    </header>
  );
}
