// Where VINs come in: pasted text, a dropped or chosen CSV/text file, or the VINs of the tab the popup
// was opened on. The text goes to the table as it is; lib/workbench/vin-list.ts finds the VINs in it.
import { useState } from 'preact/hooks';
import { ask } from '@/lib/messaging/messaging';

/** A dealer's run list is kilobytes; a file far larger is not a VIN list. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

interface VinInputProps {
  /** The tab the popup was opened on (`?tab=`), for "Add the VINs on this tab". */
  tabId?: number;
  onAdd(text: string): void;
  onProblem(message: string): void;
}

export function VinInput({ tabId, onAdd, onProblem }: VinInputProps) {
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);

  async function readFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      onProblem(
        `${file.name} is ${Math.round(file.size / 1024 / 1024)} MB: a VIN list is a CSV or text file under 5 MB.`,
      );
      return;
    }
    onAdd(await file.text());
  }

  async function addTab() {
    if (tabId === undefined) return;
    const answer = await ask('getTabVins', { tabId });
    if (answer.ok) onAdd(answer.value.vins.join('\n'));
    else onProblem(answer.error.message);
  }

  return (
    <fieldset
      class={`vin-input${dragging ? ' dragging' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const file = e.dataTransfer?.files[0];
        if (file) void readFile(file);
        else onAdd(e.dataTransfer?.getData('text/plain') ?? '');
      }}
    >
      <legend>Add VINs</legend>
      <label for="vins">VINs</label>
      <textarea
        id="vins"
        rows={6}
        value={text}
        placeholder="Paste a run list, a spreadsheet column or an e-mail: the VINs are found in it. Or drop a CSV or text file here."
        onInput={(e) => setText(e.currentTarget.value)}
      />
      <div class="row">
        <button
          type="button"
          class="primary"
          disabled={text.trim() === ''}
          onClick={() => {
            onAdd(text);
            setText('');
          }}
        >
          Add to the table
        </button>
        <label class="file-choice">
          Choose a CSV or text file
          <input
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain"
            onChange={(e) => {
              void readFile(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </label>
        {tabId !== undefined && (
          <button type="button" onClick={addTab}>
            Add the VINs on this tab
          </button>
        )}
      </div>
    </fieldset>
  );
}
