// Shows a failed request the way the background described it, under the words every page uses for
// its kind (lib/errors/error-kinds.ts); never a blank panel.
import type { ErrorData } from '@/lib/errors/error-data';
import { ERROR_TITLE } from '@/lib/errors/error-titles';

export function ErrorNotice({ error }: { error: ErrorData }) {
  return (
    <div class="notice" role="alert" data-error-kind={error.kind}>
      <strong>{ERROR_TITLE[error.kind]}</strong> {error.message}
    </div>
  );
}
