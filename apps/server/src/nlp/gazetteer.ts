// Named entities we know by name: South African and global people, organisations and places that
// our clients' posts mention. Capitalised names outside this list are caught by rules in
// entities.ts (first-name lists, organisation suffixes).

export const PEOPLE = [
  'Cyril Ramaphosa', 'Nelson Mandela', 'Jacob Zuma', 'Julius Malema', 'John Steenhuisen', 'Helen Zille',
  'Desmond Tutu', 'Siya Kolisi', 'Trevor Noah', 'Elon Musk', 'Patrice Motsepe', 'Johann Rupert',
  'Caster Semenya', 'Wayde van Niekerk', 'Tatjana Smith', 'Kagiso Rabada', 'Temba Bavuma', 'Bongani Zungu',
  'Rassie Erasmus', 'Eben Etzebeth', 'Cheslin Kolbe', 'Black Coffee', 'Tyla', 'Master KG', 'Nomzamo Mbatha',
  'Bonang Matheba', 'Thuso Mbedu', 'Charlize Theron', 'Enoch Godongwana', 'Lesetja Kganyago', 'Kgosientsho Ramokgopa',
  'Beyonce', 'Taylor Swift', 'Joe Biden', 'Donald Trump', 'Emmanuel Macron', 'Lionel Messi', 'Cristiano Ronaldo',
  'Shakes Mashaba', 'Pitso Mosimane', 'Mark Zuckerberg', 'Sam Altman', 'Tim Cook', 'Jeff Bezos',
];

export const ORGANISATIONS = [
  'Vodacom', 'MTN', 'Telkom', 'Cell C', 'Rain', 'Eskom', 'Transnet', 'SAA', 'South African Airways', 'FlySafair',
  'Airlink', 'Standard Bank', 'FNB', 'First National Bank', 'Absa', 'Nedbank', 'Capitec', 'Discovery', 'TymeBank',
  'Old Mutual', 'Sanlam', 'Outsurance', 'Momentum', 'Investec', 'Woolworths', 'Checkers', 'Shoprite', 'Pick n Pay',
  'Spar', 'Clicks', 'Dis-Chem', 'Mr Price', 'Takealot', 'Makro', 'Game', 'Nando\'s', 'Spur', 'Chicken Licken',
  'KFC', 'McDonald\'s', 'Steers', 'Wimpy', 'Sasol', 'Naspers', 'Prosus', 'MultiChoice', 'DStv', 'Showmax',
  'Netflix', 'SABC', 'eNCA', 'News24', 'Daily Maverick', 'Mediclinic', 'Netcare', 'Life Healthcare', 'Uber',
  'Bolt', 'Gautrain', 'Prasa', 'SANParks', 'SARS', 'Home Affairs', 'SASSA', 'Parliament', 'ANC', 'DA',
  'EFF', 'ActionSA', 'Springboks', 'Proteas', 'Bafana Bafana', 'Banyana Banyana', 'Kaizer Chiefs',
  'Orlando Pirates', 'Mamelodi Sundowns', 'Stormers', 'Bulls', 'Sharks', 'Lions', 'Google', 'Apple',
  'Samsung', 'Huawei', 'Microsoft', 'Meta', 'Facebook', 'Instagram', 'YouTube', 'LinkedIn', 'TikTok',
  'Amazon', 'Toyota', 'Volkswagen', 'BMW', 'Mercedes-Benz', 'Ford', 'Deloitte', 'PwC', 'KPMG', 'EY',
  'Vumatel', 'Openserve', 'Courier Guy', 'PostNet', 'SAPO', 'Avis', 'Hollard', 'Santam', 'Tiger Brands',
  'Castle Lager', 'SAB', 'Distell', 'Coca-Cola', 'Orange', 'Airtel', 'Safaricom', 'World Bank', 'IMF',
  'United Nations', 'FIFA', 'World Rugby', 'Wits', 'UCT', 'University of Pretoria', 'Stellenbosch University',
];

export const PLACES = [
  'South Africa', 'Johannesburg', 'Joburg', 'Jozi', 'Cape Town', 'Durban', 'Pretoria', 'Tshwane', 'Soweto',
  'Sandton', 'Rosebank', 'Midrand', 'Centurion', 'Randburg', 'Fourways', 'Menlyn', 'Bloemfontein', 'Gqeberha',
  'Port Elizabeth', 'East London', 'Polokwane', 'Mbombela', 'Nelspruit', 'Kimberley', 'Rustenburg', 'Pietermaritzburg',
  'Stellenbosch', 'Paarl', 'George', 'Knysna', 'Umhlanga', 'Ballito', 'Khayelitsha', 'Mitchells Plain', 'Alexandra',
  'Tembisa', 'Soshanguve', 'Mamelodi', 'Gauteng', 'Western Cape', 'Eastern Cape', 'KwaZulu-Natal', 'KZN',
  'Limpopo', 'Mpumalanga', 'Free State', 'North West', 'Northern Cape', 'Table Mountain', 'Kruger', 'Kruger Park',
  'Robben Island', 'OR Tambo', 'FNB Stadium', 'Loftus', 'Newlands', 'Kings Park', 'Ellis Park', 'Sun Arena',
  'Namibia', 'Botswana', 'Zimbabwe', 'Mozambique', 'Maputo', 'Lesotho', 'Eswatini', 'Kenya', 'Nairobi', 'Nigeria',
  'Lagos', 'Ghana', 'Accra', 'Egypt', 'Cairo', 'London', 'Paris', 'New York', 'Dubai', 'Lisbon', 'Madrid',
  'Berlin', 'Amsterdam', 'Sydney', 'Tokyo', 'Beijing', 'Washington', 'Brazil', 'France', 'Portugal', 'Spain',
  'United Kingdom', 'UK', 'USA', 'United States', 'China', 'India', 'Australia', 'Germany', 'Africa', 'Europe',
];

/** First names that mark "Firstname Surname" as a person when the pair is not in PEOPLE. */
export const FIRST_NAMES = [
  'thabo', 'sipho', 'themba', 'lerato', 'naledi', 'nomvula', 'thandi', 'zanele', 'bongani', 'mandla', 'kagiso',
  'lindiwe', 'palesa', 'tumi', 'tshepo', 'karabo', 'neo', 'lwazi', 'ayanda', 'busisiwe', 'nkosinathi', 'sibusiso',
  'johan', 'pieter', 'jan', 'anke', 'marike', 'elize', 'riaan', 'francois', 'annelie', 'willem', 'john', 'mary',
  'james', 'sarah', 'david', 'michael', 'jessica', 'emma', 'daniel', 'peter', 'paul', 'anna', 'maria', 'joao',
  'ana', 'pedro', 'pierre', 'marie', 'jean', 'ahmed', 'fatima', 'priya', 'rajesh', 'minister', 'president', 'dr', 'mr', 'mrs', 'ms',
];

/** Last words that make a capitalised sequence an organisation ("Acme Holdings"). */
export const ORG_SUFFIXES = [
  'bank', 'group', 'holdings', 'ltd', 'limited', 'inc', 'corp', 'company', 'airways', 'airlines', 'motors',
  'media', 'municipality', 'foundation', 'university', 'college', 'hospital', 'insurance', 'telecom', 'mobile',
  'foods', 'brewery', 'stores', 'pty', 'fc', 'club', 'council', 'department', 'ministry', 'agency', 'trust',
];
