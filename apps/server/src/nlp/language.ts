// Language of a post (ISO 639-1). Function words decide most posts in microseconds; franc-min's
// trigram model (about 15k texts/s, and blind to Afrikaans) is the fallback for the rest.
import { franc } from 'franc-min';

// The most frequent function words of the languages our clients' audiences write in. Short,
// distinctive lists beat long stop-word lists here: long lists share many words across languages.
const FUNCTION_WORDS: Record<string, string> = {
  en: "the and is are was were to of in on for with this that it you i my we they not have has but what just so be at from your our it's don't can't i'm a an by will out up how why who new now next get got all me can after again must did does had been",
  af: "die en is nie het vir van 'n met ek jy ons hulle dit was sal kan maar baie wat hoe my ook op aan om te wees sy hy net nog vandag lekker dankie",
  zu: 'ngiyabonga kakhulu ukuthi futhi kodwa yini ngoba lapho kanye kahle sawubona unjani ngicela angazi ngiyakuthanda abantu umuntu namhlanje yebo cha mina wena thina ngi ukuba',
  xh: 'enkosi kakhulu ukuba kodwa kwaye molo unjani ndiyabulela ndicela andazi abantu umntu namhlanje ewe hayi mna wena thina ndiya',
  st: 'ke le ya ho ka ba ena rona bona kea leboha hantle haholo empa hobane joale kapa',
  fr: "le la les et est des une un du je tu nous vous pas que qui pour avec dans sur ce c'est très mais merci bien suis sont",
  pt: 'o a os as e é de do da em um uma que não para com por mais muito obrigado está eu você nós são mas isso',
  es: 'el la los las y es de del en un una que no por con para muy gracias pero está yo tú nosotros son esto',
  de: 'der die das und ist nicht ein eine ich du wir sie mit für auf zu sehr danke aber auch sind war',
  nl: 'de het een en is niet ik je wij zij met voor op te zeer dank maar ook zijn was van',
  it: 'il lo la gli le e è di del della un una che non per con molto grazie ma sono io tu noi',
};

const WORD_LANGS = new Map<string, string[]>();
for (const [lang, words] of Object.entries(FUNCTION_WORDS))
  for (const w of words
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .split(' ')) {
    const langs = WORD_LANGS.get(w) ?? [];
    langs.push(lang);
    WORD_LANGS.set(w, langs);
  }

const ISO3: Record<string, string> = {
  eng: 'en',
  afr: 'af',
  zul: 'zu',
  xho: 'xh',
  sot: 'st',
  fra: 'fr',
  por: 'pt',
  spa: 'es',
  deu: 'de',
  nld: 'nl',
  ita: 'it',
  arb: 'ar',
  cmn: 'zh',
  hin: 'hi',
  rus: 'ru',
  jpn: 'ja',
  swh: 'sw',
  ind: 'id',
  tur: 'tr',
};

const FRANC_ONLY = ['eng', 'zul', 'xho', 'sot', 'fra', 'por', 'spa', 'deu', 'nld', 'ita', 'swh', 'arb', 'hin', 'cmn'];

/** Detects from folded tokens (see text.ts); the raw text feeds the fallback only. */
export function detectLanguage(tokens: string[], text: string): string | null {
  const scores = new Map<string, number>();
  let words = 0;
  for (const t of tokens) {
    const c = t.charCodeAt(0);
    if (c === 35 || c === 64) continue; // #tag, @handle
    words++;
    const langs = WORD_LANGS.get(t);
    if (!langs) continue;
    // A word shared by several languages counts a little for each.
    const w = 1 / langs.length;
    for (const l of langs) scores.set(l, (scores.get(l) ?? 0) + w);
  }
  let best: string | null = null;
  let top = 0;
  let second = 0;
  for (const [l, s] of scores) {
    if (s > top) {
      second = top;
      top = s;
      best = l;
    } else if (s > second) second = s;
  }
  if (best && top >= 1.5 && top >= second * 1.5) return best;
  if (words < 3 || text.length < 20) return best && top >= 1 ? best : null;
  // Comparing against our audience's languages only is both faster and less error-prone.
  const iso3 = franc(text, { minLength: 10, only: FRANC_ONLY });
  return ISO3[iso3] ?? (best && top >= 1 ? best : null);
}
