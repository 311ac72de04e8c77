// Shows a failed request the way the background described it; never a blank panel.
import type { ApiErrorData } from '@/lib/api/errors';

export function ErrorNotice({ error }: { error: ApiErrorData }) {
  return (
    <div class="notice" role="alert" data-error-kind={error.kind}>
      {error.message}
    </div>
  );
}
