// Loads a fixture page into happy-dom's document and runs the real page scanner on it, with the
// background's real classification standing in for the message round trip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mountBadge } from '@/entrypoints/vin.content/badge/mount-badge';
import type { BadgeActions } from '@/entrypoints/vin.content/badge/panel-contract';
import { createPageScanner } from '@/entrypoints/vin.content/detect/page-scanner';

type MountArgs = Parameters<Parameters<typeof createPageScanner>[0]['mount']>;

import { judgeCandidates } from './judge-candidates';

/** A fixture by its path under test/fixtures/ ("sites/dealer.html"); a bare name is under sites/. */
export function loadFixture(name: string): void {
  // Under happy-dom import.meta.url is not a file URL; vitest runs from the project root.
  const path = name.includes('/') ? name : `sites/${name}`;
  const html = readFileSync(join(process.cwd(), 'test/fixtures', path), 'utf8');
  document.documentElement.innerHTML = html.replace(/<!doctype html>/i, '').replace(/<\/?html[^>]*>/gi, '');
  // The root's language tag, as the page's own <html lang> sets it (pageLocale reads it).
  document.documentElement.lang = /<html[^>]*\blang="([^"]*)"/i.exec(html)?.[1] ?? '';
  attachDeclarativeShadowRoots(document);
}

/**
 * What a browser's HTML parser does with `<template shadowrootmode="open|closed">` (and what an
 * innerHTML assignment, happy-dom's included, does not): the template becomes a shadow root of its
 * parent, holding the template's content. Innermost first, as the parser closes them.
 */
function attachDeclarativeShadowRoots(root: ParentNode): void {
  const templates = [...root.querySelectorAll('template[shadowrootmode]')] as HTMLTemplateElement[];
  for (const template of templates.reverse()) {
    const host = template.parentElement;
    const mode = template.getAttribute('shadowrootmode');
    if (!host || (mode !== 'open' && mode !== 'closed') || host.shadowRoot) continue;
    const shadow = host.attachShadow({ mode });
    attachDeclarativeShadowRoots(template.content);
    shadow.append(template.content);
    template.remove();
  }
}

export const noActions: BadgeActions = {
  checkRecords: async () => ({ ok: false, error: { kind: 'network', message: 'not in this test' } }),
  openPurchase: async () => ({ ok: true, value: null }),
  openOwned: async () => ({ ok: true, value: null }),
  checkNewRecords: async () => ({ ok: false, error: { kind: 'network', message: 'not in this test' } }),
  ownedFacts: async () => ({ ok: true, value: [] }),
  history: async () => ({
    ok: true,
    value: { listings: [], current: null, report: null, watched: false, at: 0 },
  }),
  watch: async () => ({ ok: true, value: true }),
  forget: async () => ({ ok: true, value: null }),
  freeFacts: async () => ({ ok: true, value: { on: false } }),
  turnOnFreeFacts: async () => ({ ok: true, value: null }),
};

// happy-dom has no layout: "visible" means not inside something the page hides.
const isVisible = (el: Element) => !el.closest('.sr-only, [hidden]');

/** `onMount`: each vehicle as the content script mounts its badge (what it found of it included). */
export async function scanFixture(
  name: string,
  actions: BadgeActions = noActions,
  onMount?: (...args: MountArgs) => void,
) {
  loadFixture(name);
  const controller = new AbortController();
  const classified: string[][] = [];
  const scanner = createPageScanner({
    doc: document,
    signal: controller.signal,
    isVisible,
    classify: async (candidates) => {
      classified.push(candidates.map((c) => c.vin));
      return judgeCandidates(candidates);
    },
    mount: (placement, decode, found) => {
      onMount?.(placement, decode, found);
      return mountBadge(placement, decode, actions);
    },
  });
  scanner.start();
  await scanner.idle();
  return {
    scanner,
    controller,
    classified,
    badges: () => [...document.querySelectorAll('vhl-badge')] as HTMLElement[],
  };
}

export const badgeVins = (badges: HTMLElement[]) => badges.map((b) => b.dataset.vhlVin).sort();
