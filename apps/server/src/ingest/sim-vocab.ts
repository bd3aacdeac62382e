// Words the simulator and the demo corpus build posts from: templates per language and
// sentiment with slots, and the people, places, organisations and names that fill them.

export type Tone = 'pos' | 'neu' | 'neg';

// {b} the tracked brand term(s), {p} a person, {l} a place, {o} an organisation, {t} a hashtag.
export const TEMPLATES: Record<string, Record<Tone, string[]>> = {
  en: {
    pos: [
      'Absolutely love {b}, the service in {l} was amazing today 😍',
      'Shout out to {b} for sorting my issue so quickly 👏',
      'Great experience with {b} again. Highly recommend! {t}',
      'Just saw {p} at the {b} launch in {l}, brilliant event 🔥',
      '{b} you guys are the best, thank you ❤️',
      'Impressed with the new {b} app, smooth and fast 👍',
      'Proud of the {b} team for the work with {o} in {l} {t}',
      'Best deal I have found all year, well done {b} 🙌',
      'Happy customer! {b} delivered to {l} in one day',
      'The staff at {b} {l} were so friendly and helpful 😊',
    ],
    neu: [
      'Does anyone know if {b} in {l} is open on Sunday?',
      '{b} announces new pricing from next month {t}',
      '{p} to speak at the {b} event in {l} on Thursday',
      'Reading about {b} and {o} partnership in {l}',
      'How do I update my details with {b}?',
      '{b} opens a new store in {l}, according to {o}',
      'Watching the {b} results presentation with {p} {t}',
      'Any {b} customers in {l} here? Quick question',
      'Thinking of switching to {b}, what are the fees like?',
      '{b} and {o} share a stage in {l} today',
    ],
    neg: [
      'Been on hold with {b} for 40 minutes. Still waiting 😡',
      'Terrible service from {b} in {l}, never again',
      '{b} charged me twice and no refund yet. Not happy {t}',
      'The {b} app crashed again, useless 🙄',
      'Worst experience with {b}, nobody answers the phone',
      'Disappointed with {b}, my order to {l} is two weeks late',
      'Oh great, {b} raised prices again. Just what we needed 🙄',
      '{b} network down in {l} for the third day, ridiculous',
      'Not impressed with {b} customer care at all 😤',
      'Why is {b} so expensive now? This is a joke',
    ],
  },
  af: {
    pos: ['Baie dankie {b}, julle diens is uitstekend! 👌', 'Lekker ervaring by {b} in {l} vandag', 'Ek is so gelukkig met {b} {t}'],
    neu: ['Weet iemand hoe laat {b} in {l} oopmaak?', '{b} maak volgende week n nuwe winkel in {l} oop'],
    neg: ['Swak diens by {b} vandag, ek is baie teleurgesteld', '{b} se app werk nooit nie 😡', 'Ek is gatvol vir {b}'],
  },
  zu: {
    pos: ['Ngiyabonga kakhulu {b} ngosizo lwenu, kuhle kakhulu', 'Ngiyakuthanda {b}! 😍 {t}'],
    neu: ['Sawubona {b}, ngicela ukwazi ukuthi nivula nini e{l}?'],
    neg: ['Angijabulile neze nge {b}, kubi kakhulu', 'Akusebenzi lolu hlelo lwe {b}, ngidinwe kakhulu'],
  },
  xh: { pos: ['Enkosi kakhulu {b} ngoncedo lwenu'], neu: ['Molo {b}, nivula nini e{l}?'], neg: ['Inkonzo ye {b} imbi kakhulu, andonwabanga'] },
  fr: {
    pos: ['Merci {b}, service vraiment excellent ! 😍', "J'adore {b}, c'est génial {t}"],
    neu: ['{b} ouvre un nouveau magasin à {l} lundi'],
    neg: ['Service client {b} nul, très déçu', "C'est horrible, je déteste l'application {b}"],
  },
  pt: {
    pos: ['Adorei o atendimento da {b}, muito obrigado 👏', 'Muito bom, recomendo a {b} a todos'],
    neu: ['A {b} abre amanhã às 9h em {l}'],
    neg: ['Péssimo serviço da {b}, estou sem internet há dois dias', 'Odeio a aplicação da {b}, não funciona'],
  },
};

export const LANGUAGE_WEIGHTS: [string, number][] = [
  ['en', 76],
  ['af', 8],
  ['zu', 5],
  ['xh', 2],
  ['fr', 4],
  ['pt', 5],
];

export const PEOPLE = [
  'Cyril Ramaphosa',
  'Siya Kolisi',
  'Trevor Noah',
  'Patrice Motsepe',
  'Bonang Matheba',
  'Rassie Erasmus',
  'Thuso Mbedu',
  'Black Coffee',
  'Kagiso Rabada',
  'Enoch Godongwana',
  'Thabo Nkosi',
  'Lerato Dlamini',
];
export const PLACES = [
  'Johannesburg',
  'Cape Town',
  'Durban',
  'Pretoria',
  'Soweto',
  'Sandton',
  'Gqeberha',
  'Bloemfontein',
  'Polokwane',
  'Stellenbosch',
  'Centurion',
  'Umhlanga',
  'Menlyn',
  'Maputo',
];
export const ORGS = [
  'Eskom',
  'Standard Bank',
  'Vodacom',
  'Takealot',
  'Discovery',
  'Checkers',
  'Woolworths',
  'Springboks',
  'SABC',
  'News24',
  'Sasol',
  'Netflix',
];
export const HASHTAGS = [
  '#SouthAfrica',
  '#Mzansi',
  '#CustomerService',
  '#LoadShedding',
  '#Joburg',
  '#CapeTown',
  '#Deals',
  '#BlackFriday',
  '#Springboks',
  '#MondayMotivation',
  '#Tech',
];

export const FIRST = [
  'Thabo',
  'Sipho',
  'Lerato',
  'Naledi',
  'Zanele',
  'Bongani',
  'Johan',
  'Pieter',
  'Anke',
  'Marike',
  'Ayanda',
  'Karabo',
  'Priya',
  'Ahmed',
  'Sarah',
  'David',
  'Emma',
  'Jean',
  'Ana',
  'Tumi',
  'Lwazi',
  'Neo',
  'Riaan',
  'Fatima',
];
export const LAST = [
  'Nkosi',
  'Dlamini',
  'Mokoena',
  'van der Merwe',
  'Botha',
  'Naidoo',
  'Pillay',
  'Smith',
  'Khumalo',
  'Ndlovu',
  'Jacobs',
  'Mahlangu',
  'Pretorius',
  'Sithole',
  'Moloi',
  'Fourie',
  'Silva',
  'Martin',
];

/** Share of posts per stream, before a project's streams filter them. */
export const STREAM_WEIGHTS: [number, number][] = [
  [7, 34],
  [8, 24],
  [9, 20],
  [10, 8],
  [11, 7],
  [12, 5],
  [13, 2],
];
/** People post more in the evening: weight per hour of the day in the client's time zone (sim-rate.ts). */
export const HOUR_WEIGHTS = [4, 3, 2, 1, 1, 1, 2, 4, 6, 8, 8, 7, 7, 7, 8, 7, 6, 6, 7, 9, 10, 10, 8, 6];
