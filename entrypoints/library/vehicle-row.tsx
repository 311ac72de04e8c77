// One vehicle of the library: its reports (each opens in the viewer, free), "Compare" when both
// providers' reports are held, and the user's private note.
import { useState } from 'preact/hooks';
import { type ProviderNames, providerLabel } from '@/lib/account/provider-names';
import { reportKey } from '@/lib/reports/report-key';
import { reportUrl } from '@/lib/reports/report-url';
import type { VehicleGroup } from '@/lib/reports/vehicle-groups';

interface Props {
  group: VehicleGroup;
  names: ProviderNames;
  offline: Set<string>;
  note: string;
  onSaveNote(text: string): Promise<boolean>;
  onCompare(): void;
}

export function VehicleRow({ group, names, offline, note, onSaveNote, onCompare }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note);
  const both =
    group.reports.some((r) => r.provider === 'providerA') &&
    group.reports.some((r) => r.provider === 'providerB');
  const noteId = `note-${group.vin}`;
  return (
    <li class="vehicle" data-vin={group.vin}>
      <div class="vehicle-head">
        <h2>{group.yearMakeModel || 'Vehicle'}</h2>
        <code>{group.vin}</code>
        {both && (
          <button type="button" onClick={onCompare}>
            Compare providerA and providerB
          </button>
        )}
      </div>
      <ul class="vehicle-reports">
        {group.reports.map((r) => (
          <li key={reportKey(r)}>
            <a href={reportUrl(r.provider, r.id)} target="_blank" rel="noreferrer">
              {providerLabel(names, r.provider)} report
            </a>{' '}
            <span class="muted">
              {new Date(r.createdAt).toLocaleDateString()}
              {offline.has(reportKey(r)) ? ' · saved offline' : ''}
            </span>
          </li>
        ))}
      </ul>
      {editing ? (
        <form
          class="note-form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (await onSaveNote(draft)) setEditing(false);
          }}
        >
          <label for={noteId}>Private note for {group.vin}</label>
          <textarea
            id={noteId}
            maxLength={2000}
            rows={3}
            value={draft}
            onInput={(e) => setDraft(e.currentTarget.value)}
          />
          <div class="row">
            <button type="submit" class="primary">
              Save note
            </button>
            <button
              type="button"
              onClick={() => {
                setDraft(note);
                setEditing(false);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div class="note">
          {note && <p data-testid="note">{note}</p>}
          <button
            type="button"
            class="link"
            onClick={() => {
              setDraft(note);
              setEditing(true);
            }}
          >
            {note ? 'Edit note' : 'Add a note'}
            <span class="visually-hidden"> for {group.vin}</span>
          </button>
        </div>
      )}
    </li>
  );
}
