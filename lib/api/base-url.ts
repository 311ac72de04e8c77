// The service URL the user types, made into the {base_url} every path is appended to.
import { checkServiceUrl } from '../account/service-url';
import { ApiError } from './errors';

export interface BaseUrl {
  /** Absolute http(s) URL without a trailing slash. */
  baseUrl: string;
  /** Set when the URL is usable but probably wrong (no /v1 version segment). */
  warning?: string;
}

/** Accepts the URL with or without trailing slash; throws ApiError('invalid-input') when unusable. */
export function parseBaseUrl(input: string): BaseUrl {
  const checked = checkServiceUrl(input);
  if (!checked.ok) throw new ApiError('invalid-input', checked.message);
  return checked.warning
    ? { baseUrl: checked.baseUrl, warning: checked.warning }
    : { baseUrl: checked.baseUrl };
}
