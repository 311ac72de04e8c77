// Shows a failed request the way the background described it, under the words every page uses for
// its kind (lib/messaging/error-kinds.ts); never a blank panel.
import type { ErrorData } from '@/lib/messaging/error-data';
import { ERROR_TITLE } from '@/lib/messaging/error-titles';

export function ErrorNotice({ error }: { error: ErrorData }) {
  return (
    <div class="notice" role="alert" data-error-kind={error.kind}>
      <strong>{ERROR_TITLE[error.kind]}</strong> {error.message}
    </div>
  );
}
