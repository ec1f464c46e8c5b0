import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerAppServiceWorker, serviceWorkerUrl, startAppServiceWorker } from './service-worker.ts';

describe('the app service worker', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  function giveServiceWorkers(register: (url: string, options: RegistrationOptions) => Promise<unknown>) {
    vi.stubGlobal('isSecureContext', true);
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  }

  it('is the built worker, which imports the push handlers; on the dev server the push handlers alone', () => {
    expect(serviceWorkerUrl(false)).toBe('/sw.js');
    expect(serviceWorkerUrl(true)).toBe('/push-service-worker.js');
  });

  it('registers one worker for the whole origin', async () => {
    const register = vi.fn(async () => ({ scope: '/' }));
    giveServiceWorkers(register);
    await registerAppServiceWorker();
    expect(register).toHaveBeenCalledWith(serviceWorkerUrl(), { scope: '/' });
  });

  it('logs a failed registration instead of breaking the app', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    giveServiceWorkers(async () => {
      throw new Error('SecurityError');
    });
    await expect(startAppServiceWorker()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not register/), expect.any(Error));
  });

  it('does nothing in a browser without service workers', async () => {
    await expect(startAppServiceWorker()).resolves.toBeUndefined();
  });
});
