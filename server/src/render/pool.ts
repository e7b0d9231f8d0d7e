import type { Browser, Page, PDFOptions } from 'puppeteer-core';
import { logger } from '../logger';

/** Never download a browser: the system Chromium (CHROME_PATH, else /usr/bin/chromium). */
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--no-default-browser-check',
  '--mute-audio',
];
export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';

export interface RenderPdfOptions {
  landscape?: boolean;
  /** Chromium header/footer templates (`pageNumber`, `totalPages` classes are filled in). */
  headerTemplate?: string;
  footerTemplate?: string;
  margin?: PDFOptions['margin'];
  timeoutMs?: number;
  /**
   * An exact page size (CSS length, e.g. '63.5mm') instead of A4, for labels: the sheet or the thermal
   * label. The document's own `@page { size }` still wins when it sets one (preferCSSPageSize).
   */
  width?: string;
  height?: string;
}

/**
 * One browser per process, launched on first use; a small pool of pages reused between renders.
 * Pages run with JavaScript off and every network request refused: templates are self-contained.
 */
class PagePool {
  private browser: Promise<Browser> | null = null;
  private idle: Page[] = [];
  private size = 0;
  private waiters: Array<(p: Page | Error) => void> = [];
  private closing = false;

  constructor(
    private readonly max: number,
    private readonly executablePath: string,
  ) {}

  private launch(): Promise<Browser> {
    if (!this.browser) {
      const started = (async () => {
        const { default: puppeteer } = await import('puppeteer-core');
        const browser = await puppeteer.launch({
          executablePath: this.executablePath,
          headless: true,
          args: CHROME_ARGS,
          pipe: true,
        });
        browser.on('disconnected', () => {
          if (this.browser === started) this.reset();
        });
        logger.info({ pages: this.max }, 'chromium launched');
        return browser;
      })();
      this.browser = started;
      started.catch(() => {
        if (this.browser === started) this.browser = null;
      });
    }
    return this.browser;
  }

  /** The browser went away: forget its pages; the next render starts a new one. */
  private reset() {
    this.browser = null;
    this.idle = [];
    this.size = 0;
  }

  private async newPage(): Promise<Page> {
    const browser = await this.launch();
    const page = await browser.newPage();
    await page.setJavaScriptEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (req) => {
      const url = req.url();
      if (url.startsWith('data:') || url === 'about:blank') void req.continue();
      else void req.abort('blockedbyclient');
    });
    return page;
  }

  async acquire(): Promise<Page> {
    if (this.closing) throw new Error('renderer closed');
    const page = this.idle.pop();
    if (page && !page.isClosed()) return page;
    if (this.size < this.max) {
      this.size++;
      try {
        return await this.newPage();
      } catch (err) {
        this.size--;
        throw err;
      }
    }
    return new Promise<Page>((resolve, reject) => {
      this.waiters.push((p) => (p instanceof Error ? reject(p) : resolve(p)));
    });
  }

  release(page: Page, broken: boolean) {
    if (broken || page.isClosed()) {
      void page.close().catch(() => undefined);
      this.size = Math.max(0, this.size - 1);
      const next = this.waiters.shift();
      if (next) {
        this.size++;
        this.newPage().then(next, (err: Error) => {
          this.size--;
          next(err);
        });
      }
      return;
    }
    const next = this.waiters.shift();
    if (next) next(page);
    else this.idle.push(page);
  }

  async render(html: string, opts: RenderPdfOptions): Promise<Buffer> {
    const page = await this.acquire();
    let broken = false;
    try {
      const timeout = opts.timeoutMs ?? 60_000;
      await page.setContent(html, { waitUntil: 'load', timeout });
      const pdf = await page.pdf({
        ...(opts.width && opts.height ? { width: opts.width, height: opts.height } : { format: 'A4' as const }),
        printBackground: true,
        landscape: opts.landscape ?? false,
        preferCSSPageSize: true,
        displayHeaderFooter: Boolean(opts.headerTemplate || opts.footerTemplate),
        headerTemplate: opts.headerTemplate ?? '<span></span>',
        footerTemplate: opts.footerTemplate ?? '<span></span>',
        margin: opts.margin,
        timeout,
      });
      // Leave the page light for its next use.
      await page.setContent('<!doctype html><html><body></body></html>').catch(() => {
        broken = true;
      });
      return Buffer.from(pdf);
    } catch (err) {
      broken = true;
      throw err;
    } finally {
      this.release(page, broken);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const w of this.waiters.splice(0)) w(new Error('renderer closed'));
    const b = this.browser;
    this.reset();
    if (b) await b.then((browser) => browser.close()).catch(() => undefined);
    this.closing = false;
  }
}

/** HTML → PDF (A4, backgrounds printed); what job handlers get as `ctx.renderPdf`. */
export type RenderPdf = (html: string, options?: RenderPdfOptions) => Promise<Buffer>;

/** A process's PDF renderer: one Chromium (CHROME_PATH), launched on first use, with `pages` pooled pages. */
export interface PdfRenderer {
  render: RenderPdf;
  /** Closes the browser (no-op when none was launched); a later render launches a new one. */
  close(): Promise<void>;
}

/** The worker and the API (inline jobs) each make one and hand `render` to the jobs they run. */
export function createPdfRenderer(opts: { chromePath?: string; pages?: number } = {}): PdfRenderer {
  const pool = new PagePool(Math.max(1, opts.pages ?? 2), opts.chromePath || DEFAULT_CHROME_PATH);
  return { render: (html, options = {}) => pool.render(html, options), close: () => pool.close() };
}
