// What the workbench's "NHTSA says" column lacks, and why (use-free-decodes.ts): off, or a failure.
import { ErrorNotice } from '@/components/error-notice';
import type { FreeDecodes } from './use-free-decodes';

export function FreeDecodesNote({ free }: { free: FreeDecodes }) {
  if (free.state === 'off')
    return (
      <p class="muted" data-testid="free-decodes-note">
        Free NHTSA decodes (model, trim, body) are off:{' '}
        <a href="options.html#free-facts" target="_blank" rel="noreferrer">
          turn them on in the settings
        </a>
        .
      </p>
    );
  if (free.state === 'failed') return <ErrorNotice error={free.error} />;
  if (free.state === 'on' && free.failed)
    return (
      <p class="notice warn" data-testid="free-decodes-note">
        NHTSA did not decode every row: {free.failed} The rest are asked again when this page opens next.
      </p>
    );
  return null;
}
