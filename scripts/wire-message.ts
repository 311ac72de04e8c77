// Messages to the background in the wire format of the extension's messaging (lib/messaging/messaging.ts), as
// a page sends them: how tests, benches and `npm start` talk to the background from an extension page
// in either browser. saveSettings is how they configure the extension (the key lives in the
// background's store, so there is no storage to write it into).
export const wireMessage = (type: string, data?: unknown) => ({ id: 1, type, data, timestamp: Date.now() });

export const saveSettingsMessage = (serviceUrl: string, apiKey: string) =>
  wireMessage('saveSettings', { serviceUrl, apiKey });
