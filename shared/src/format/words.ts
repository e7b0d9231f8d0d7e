/**
 * pt-BR agreement of generated texts: a field's label ("Denominação") takes "obrigatória", a masculine one
 * ("Nome") "obrigatório". Labels are nouns a person wrote (custom fields too), so the gender is read from
 * the head noun (the first word) by its ending, with the common exceptions.
 */
const FEMININE_ENDINGS = ['ção', 'são', 'dade', 'tude', 'gem', 'ie', 'ã', 'a', 'ura', 'ise', 'ite'];
const MASCULINE_WORDS = new Set([
  'dia',
  'mapa',
  'sistema',
  'problema',
  'programa',
  'tema',
  'idioma',
  'clima',
  'telefone',
  'nº',
  'cpf',
  'cnpj',
  'cep',
  'e-mail',
  'email',
  'código',
  'número',
  'planeta',
  'esquema',
  'diagrama',
  'lema',
  'prazo',
]);
const FEMININE_WORDS = new Set([
  'cor',
  'data',
  'foto',
  'imagem',
  'razão',
  'uf',
  'url',
  'chave',
  'sede',
  'fonte',
  'classe',
  'parte',
  'mão',
  'dor',
  'lei',
  'vez',
  'ordem',
  'margem',
  'vigência',
]);

/** Whether a label's head noun is feminine ('Data de aquisição' → true; 'Nome' → false). */
export function isFeminineLabel(label: string): boolean {
  const word = label.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  // A plural head ('Formas', 'Situações') reads as its singular.
  const head = /[cçs]ões$/.test(word) ? `${word.slice(0, -3)}ão` : /[aeiou]s$/.test(word) ? word.slice(0, -1) : word;
  if (MASCULINE_WORDS.has(head)) return false;
  if (FEMININE_WORDS.has(head)) return true;
  if (/[^a-zà-ú]/.test(head.replace(/-/g, ''))) return false;
  return FEMININE_ENDINGS.some((e) => head.endsWith(e));
}

/** An adjective agreeing with a label: ('Denominação', 'obrigatório', 'obrigatória') → 'obrigatória'. */
export const agree = (label: string, masculine: string, feminine: string) =>
  isFeminineLabel(label) ? feminine : masculine;

/** A participle agreeing with a plural label: ('Formas de aquisição', 'encontrado') → 'encontradas'. */
export const agreePlural = (label: string, participle: string) =>
  `${participle.replace(/o$/, isFeminineLabel(label) ? 'a' : 'o')}s`;

/** "Denominação é obrigatória." / "Nome é obrigatório.": a required field's message. */
export const requiredMessage = (label: string) => `${label} é ${agree(label, 'obrigatório', 'obrigatória')}.`;
