// A typed or pasted VIN: normalised, explained when wrong, and then checked or bought on request.
import { useState } from 'preact/hooks';
import { describeVinProblem, normalizeVin } from '@/lib/vin/vin-syntax';

interface VinBoxProps {
  onCheck(vin: string): void;
  onGetReport(vin: string): void;
  /** NHTSA's free facts for it (no record check, no credit). */
  onFreeFacts(vin: string): void;
}

export function VinBox({ onCheck, onGetReport, onFreeFacts }: VinBoxProps) {
  const [typed, setTyped] = useState('');
  const vin = normalizeVin(typed);
  const problem = typed.trim() ? describeVinProblem(typed) : null;
  return (
    <form
      class="vin-box"
      onSubmit={(e) => {
        e.preventDefault();
        if (vin && !problem) onCheck(vin);
      }}
    >
      <label for="vin-input">Look up a VIN</label>
      <input
        id="vin-input"
        type="text"
        autocomplete="off"
        spellcheck={false}
        maxLength={40}
        value={typed}
        // Short enough for a 360 px screen (a placeholder never wraps); its 17 characters show the length.
        placeholder="e.g. 1G1PG5SC3C7167133"
        aria-describedby="vin-problem"
        aria-invalid={problem ? 'true' : 'false'}
        onInput={(e) => setTyped(e.currentTarget.value)}
      />
      <p id="vin-problem" class={problem ? 'field-error' : 'muted'} aria-live="polite">
        {problem ?? (vin ? `VIN ${vin}` : '')}
      </p>
      <div class="row">
        <button type="submit" disabled={!vin || !!problem}>
          Check records
        </button>
        <button type="button" disabled={!vin || !!problem} onClick={() => vin && onGetReport(vin)}>
          Get a report…
        </button>
        <button type="button" disabled={!vin || !!problem} onClick={() => vin && onFreeFacts(vin)}>
          Free facts
        </button>
      </div>
    </form>
  );
}
