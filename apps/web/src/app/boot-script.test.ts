// @vitest-environment happy-dom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_HEADINGS } from '@admin-portal/contract/page-headings';
import { APP_SCREEN_PATHS } from './screen-paths.ts';
import { STORAGE_KEYS } from '../shared/storage/storage-keys.ts';

// public/boot.js runs before the app, as a plain script: it cannot import the storage keys, so they are held to them here.
const BOOT_JS = fs.readFileSync(path.join(process.cwd(), 'apps/web/public/boot.js'), 'utf8');
const FRAME = '<div id="boot-frame" class="boot-frame"><h1>User Management</h1></div><div id="root"></div>';

/** Runs boot.js as the page's <head> would, then gives the page its body. */
function boot(): void {
  new Function(BOOT_JS)();
  document.body.innerHTML = FRAME;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('boot.js, the first frame’s script (ADR 0070)', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = '';
    document.documentElement.removeAttribute('data-bs-theme');
  });
  afterEach(() => {
    // What the browser does once the page is read: boot.js stops watching for a frame it has to drop.
    document.dispatchEvent(new Event('DOMContentLoaded'));
    document.body.innerHTML = '';
  });

  it('reads the keys the app writes', () => {
    for (const key of [STORAGE_KEYS.theme, STORAGE_KEYS.accessToken, STORAGE_KEYS.refreshToken, STORAGE_KEYS.sidebarOpen]) {
      expect(BOOT_JS).toContain(`'${key}'`);
    }
  });

  it('applies the stored theme, light unless dark was chosen', () => {
    boot();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('light');
    localStorage.setItem(STORAGE_KEYS.theme, 'dark');
    boot();
    expect(document.documentElement.getAttribute('data-bs-theme')).toBe('dark');
  });

  it('without a session shows nothing and drops the frame once it is read', async () => {
    boot();
    await settle();
    expect(document.documentElement.classList.contains('boot-session')).toBe(false);
    expect(document.getElementById('boot-frame')).toBeNull();
    expect(document.getElementById('root')).not.toBeNull();
  });

  it('with a session shows the frame (and a closed sidebar), and removes it as the app draws its heading', async () => {
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
    localStorage.setItem(STORAGE_KEYS.sidebarOpen, 'false');
    boot();
    await settle();
    const html = document.documentElement;
    expect(html.classList.contains('boot-session')).toBe(true);
    expect(html.classList.contains('boot-sidebar-hidden')).toBe(true);
    document.getElementById('root')!.innerHTML = '<div class="app-shell"><p>Loading…</p></div>';
    await settle();
    expect(document.getElementById('boot-frame')).not.toBeNull();
    document.querySelector('.app-shell')!.insertAdjacentHTML('beforeend', '<main><h1>User Management</h1></main>');
    await settle();
    expect(document.getElementById('boot-frame')).toBeNull();
    expect(html.classList.contains('boot-session')).toBe(false);
    expect(html.classList.contains('boot-sidebar-hidden')).toBe(false);
  });
});

describe('the pages with a first frame', () => {
  it('are screens of the app', () => {
    const screens: ReadonlySet<string> = new Set(APP_SCREEN_PATHS);
    for (const path of Object.keys(PAGE_HEADINGS)) expect(screens.has(path), path).toBe(true);
  });
});
