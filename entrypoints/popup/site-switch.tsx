// Offers VIN detection on a site outside the curated list; the browser asks the user for that one site.

import { ErrorNotice } from '@/components/error-notice';
import type { ErrorData } from '@/lib/errors/error-data';

interface SiteSwitchProps {
  host: string;
  enabled: boolean;
  onEnable(): void;
  error: ErrorData | null;
}

export function SiteSwitch({ host, enabled, onEnable, error }: SiteSwitchProps) {
  if (enabled) return null;
  return (
    <div class="site-switch">
      <p>VIN detection is off on {host}.</p>
      <button type="button" onClick={onEnable}>
        Find VINs on {host}
      </button>
      {error && <ErrorNotice error={error} />}
    </div>
  );
}
