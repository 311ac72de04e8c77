// Where the service is and which key to use. Only the background reads these; a value that is not
// a string (a corrupted store) reads as absent.
import { storage } from 'wxt/utils/storage';
import { DEFAULT_SERVICE_URL } from '@/lib/api/base-url';

function stringItem(key: `local:${string}`, fallback: string) {
  const item = storage.defineItem<unknown>(key, { fallback });
  return {
    getValue: async (): Promise<string> => {
      const value = await item.getValue();
      return typeof value === 'string' ? value : fallback;
    },
    setValue: (value: string) => item.setValue(value),
  };
}

export const serviceUrlItem = stringItem('local:serviceUrl', DEFAULT_SERVICE_URL);
export const apiKeyItem = stringItem('local:apiKey', '');
