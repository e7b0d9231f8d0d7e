/**
 * The user manual (docs/manual/*.md in the repository), bundled at build time: the files are the
 * source of truth, the build carries them, no API is needed. Split into searchable sections.
 */
const files = import.meta.glob<string>('../../../../docs/manual/*.md', {
  eager: true,
  query: '?raw',
  import: 'default',
});

export interface ManualSection {
  id: string;
  heading: string;
  markdown: string;
  /** Lower-case text without accents, for the search. */
  text: string;
}
export interface ManualDoc {
  slug: string;
  title: string;
  intro: string;
  sections: ManualSection[];
}

/** Lower case without accents ('Inventário' → 'inventario'). */
export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A heading's anchor: 'Esqueci minha senha' → 'esqueci-minha-senha'. */
export const slugOf = (s: string) =>
  fold(s)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Splits one file: its '# ' title, the text before the first '## ', and one section per '## '. */
export function parseManual(path: string, source: string): ManualDoc {
  const slug = path.replace(/^.*\/(\d+-)?/, '').replace(/\.md$/, '');
  const lines = source.replace(/\r\n/g, '\n').split('\n');
  const title = (lines.find((l) => l.startsWith('# ')) ?? `# ${slug}`).slice(2).trim();
  const sections: ManualSection[] = [];
  const intro: string[] = [];
  let current: { heading: string; body: string[] } | null = null;
  const close = () => {
    if (!current) return;
    const markdown = current.body.join('\n').trim();
    sections.push({
      id: `${slug}--${slugOf(current.heading)}`,
      heading: current.heading,
      markdown,
      text: fold(`${title} ${current.heading} ${markdown}`),
    });
  };
  for (const line of lines) {
    if (line.startsWith('# ')) continue;
    if (line.startsWith('## ')) {
      close();
      current = { heading: line.slice(3).trim(), body: [] };
    } else if (current) current.body.push(line);
    else intro.push(line);
  }
  close();
  return { slug, title, intro: intro.join('\n').trim(), sections };
}

/** Every chapter, in file-name order. */
export const MANUAL: ManualDoc[] = Object.keys(files)
  .sort()
  .map((p) => parseManual(p, files[p]));

/** Sections holding every word of the query (accents and case ignored), best first (heading hits). */
export function searchManual(query: string): Array<{ doc: ManualDoc; section: ManualSection }> {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const hits = MANUAL.flatMap((doc) =>
    doc.sections.filter((s) => words.every((w) => s.text.includes(w))).map((section) => ({ doc, section })),
  );
  const inHeading = (h: { section: ManualSection }) => words.filter((w) => fold(h.section.heading).includes(w)).length;
  return hits.sort((a, b) => inHeading(b) - inHeading(a));
}
