import { describe, expect, it, vi } from 'vitest';
import { openFileInNewWindow, type FileWindowHost } from './open-file-in-new-window';

function makeHost() {
  const target = {
    closed: false,
    close: vi.fn(),
    location: { href: 'about:blank' },
    document: { title: '', body: { textContent: '' } },
  };
  const later: Array<() => void> = [];
  const host: FileWindowHost = {
    open: () => target as unknown as Window,
    createObjectUrl: () => 'blob:http://portal/1',
    revokeObjectUrl: vi.fn(),
    scheduleLater: (callback) => void later.push(callback),
  };
  return { host, target, later };
}

describe('openFileInNewWindow', () => {
  it('opens the window first, then shows the fetched file through an object URL and revokes it later', async () => {
    const { host, target, later } = makeHost();
    let shownWhileFetching = '';
    const isShown = await openFileInNewWindow(
      async () => {
        shownWhileFetching = target.document.body.textContent;
        return new Blob(['%PDF']);
      },
      'summary.pdf',
      host,
    );
    expect(isShown).toBe(true);
    expect(shownWhileFetching).toBe('Opening summary.pdf...');
    expect(target.location.href).toBe('blob:http://portal/1');
    later.forEach((callback) => callback());
    expect(host.revokeObjectUrl).toHaveBeenCalledWith('blob:http://portal/1');
    expect(target.close).not.toHaveBeenCalled();
  });

  it('closes the window again when the fetch fails', async () => {
    const { host, target } = makeHost();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const isShown = await openFileInNewWindow(() => Promise.reject(new Error('404')), 'missing.pdf', host);
    expect(isShown).toBe(false);
    expect(target.close).toHaveBeenCalledTimes(1);
    expect(target.location.href).toBe('about:blank');
  });
});
