// The content script's typed sender (lib/messaging/message-sender.ts) over the browser's runtime messaging.
import { browser } from 'wxt/browser';
import { createMessageSender } from '@/lib/messaging/message-sender';

export const send = createMessageSender((message) => browser.runtime.sendMessage(message));
