/**
 * Stands in for the browser's EventSource in jsdom, which has none: a test opens, sends and fails
 * the tab's live stream by hand. Install it with `vi.stubGlobal('EventSource', FakeEventSource)`.
 */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  isClosed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  /** The newest stream the tab opened. */
  static latest(): FakeEventSource {
    const stream = FakeEventSource.instances.at(-1);
    if (!stream) throw new Error('no stream was opened');
    return stream;
  }

  get sessions(): string[] {
    return new URL(this.url, 'http://localhost').searchParams.get('sessions')?.split(',') ?? [];
  }

  open() {
    this.onopen?.();
  }

  send(event: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }

  fail() {
    this.onerror?.();
  }

  close() {
    this.isClosed = true;
  }
}
