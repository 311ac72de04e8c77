// The table's actions on the rows chosen: check, buy (each opens its step, which says what it spends
// before anything is spent), export, remove. Nothing starts while a batch runs.
import { plural } from '@/lib/plural';

export interface TableToolbarProps {
  /** Shown once the background has answered: tests and the bench wait for it. */
  loaded: boolean;
  total: number;
  chosen: number;
  /** A batch runs. */
  busy: boolean;
  /** A check or buy step is open. */
  stepOpen: boolean;
  onCheck(): void;
  onBuy(): void;
  onExport(): void;
  onRemove(): void;
}

export function TableToolbar({
  loaded,
  total,
  chosen,
  busy,
  stepOpen,
  onCheck,
  onBuy,
  onExport,
  onRemove,
}: TableToolbarProps) {
  return (
    <div class="row toolbar">
      {loaded && (
        <span data-testid="table-count">
          {plural(total, 'VIN')} · {chosen} selected
        </span>
      )}
      <button type="button" disabled={chosen === 0 || busy || stepOpen} onClick={onCheck}>
        Check records ({chosen})
      </button>
      <button type="button" disabled={chosen === 0 || busy || stepOpen} onClick={onBuy}>
        Buy selected…
      </button>
      <button type="button" disabled={total === 0} onClick={onExport}>
        Export CSV
      </button>
      <button type="button" disabled={chosen === 0 || busy} onClick={onRemove}>
        Remove selected
      </button>
    </div>
  );
}
