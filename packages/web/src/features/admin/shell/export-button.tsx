import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { downloadXlsx } from './admin-api.ts';

/** The list's current filter as query text: absent and empty values are left out, so the export matches the list. */
export function sheetQuery(filter: Record<string, string | number | boolean | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(filter)) if (v !== undefined && v !== null && v !== '') out[k] = String(v);
  return out;
}

/** 导出 Excel (decisions 065, 066): downloads the list with its filter applied; an error is shown by the api client. */
export function ExportButton({ path, query = {}, fileName }: { path: string; query?: Record<string, string>; fileName: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void downloadXlsx(path, query, fileName)
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      导出 Excel
    </Button>
  );
}
