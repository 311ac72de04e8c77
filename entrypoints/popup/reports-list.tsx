// The reports the user holds, both providers merged, newest first, searchable.
import { useState } from 'preact/hooks';
import type { ReportSummary } from '@/lib/api/schemas';
import { reportUrl } from '@/lib/report-url';

export function ReportsList({ reports }: { reports: ReportSummary[] }) {
  const [query, setQuery] = useState('');
  const q = query.trim().toUpperCase();
  const shown = q
    ? reports.filter((r) => r.vin.includes(q) || r.yearMakeModel.toUpperCase().includes(q))
    : reports;
  return (
    <section aria-label="Your reports">
      <label for="report-search">Search your reports</label>
      <input
        id="report-search"
        type="search"
        value={query}
        placeholder="VIN, year, make or model"
        onInput={(e) => setQuery(e.currentTarget.value)}
      />
      {reports.length === 0 && <p class="muted">You hold no reports yet.</p>}
      {reports.length > 0 && shown.length === 0 && <p class="muted">No report matches “{query}”.</p>}
      <ul class="reports" aria-label="Reports">
        {shown.map((r) => (
          <li key={`${r.provider}:${r.id}`}>
            <a href={reportUrl(r.provider, r.id)} target="_blank" rel="noreferrer">
              {r.yearMakeModel || r.vin}
            </a>
            <div class="muted">
              {r.provider} · <code>{r.vin}</code> · {new Date(r.createdAt).toLocaleDateString()}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
