// What a paste or a drop added to the table, and every entry it did not add with the reason: a
// dealer's list is never cut short in silence.
import { plural } from '@/lib/plural';
import type { VinList } from '@/lib/workbench/vin-list';
import { MAX_WORKBENCH_VINS } from '@/lib/workbench/workbench';

export interface Added extends VinList {
  /** VINs already in the table before. */
  already: number;
  /** VINs left out: the table was full. */
  overflow: number;
}

export function AddedNotice({ added }: { added: Added }) {
  return (
    <div class="added" role="status" data-testid="added">
      <p>
        {added.vins.length === 0 && added.already === 0
          ? 'No VIN found in that text.'
          : `Added ${plural(added.vins.length, 'VIN')} to the table.`}
        {added.already > 0 && ` ${added.already} already in it.`}
        {added.duplicates > 0 && ` ${plural(added.duplicates, 'duplicate')} left out.`}
        {added.overflow > 0 && ` ${added.overflow} left out: the table holds ${MAX_WORKBENCH_VINS}.`}
      </p>
      {added.rejected.length > 0 && (
        <>
          <p>{plural(added.rejected.length, 'entry')} not added:</p>
          <ul aria-label="Not added" class="rejected">
            {added.rejected.map((r, i) => (
              <li key={`${i}:${r.text}`}>
                <code>{r.text}</code>: {r.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
