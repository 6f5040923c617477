// Small, fixed word lists that tell what kind of thing a name is. wink-nlp's bundled model
// finds numbers and dates but not people, places or organisations, so names are told apart by
// these lists and by the words around them (kinds.ts).

const COUNTRIES =
  'Afghanistan,Albania,Algeria,Andorra,Angola,Argentina,Armenia,Australia,Austria,Azerbaijan,Bahamas,Bahrain,Bangladesh,Barbados,Belarus,Belgium,Belize,Benin,Bhutan,Bolivia,Bosnia,Botswana,Brazil,Brunei,Bulgaria,Burkina Faso,Burma,Burundi,Cambodia,Cameroon,Canada,Chad,Chile,China,Colombia,Comoros,Congo,Costa Rica,Croatia,Cuba,Cyprus,Czechia,Czech Republic,Denmark,Djibouti,Dominica,Dominican Republic,Ecuador,Egypt,El Salvador,Eritrea,Estonia,Eswatini,Ethiopia,Fiji,Finland,France,Gabon,Gambia,Georgia,Germany,Ghana,Greece,Grenada,Guatemala,Guinea,Guyana,Haiti,Honduras,Hong Kong,Hungary,Iceland,India,Indonesia,Iran,Iraq,Ireland,Israel,Italy,Jamaica,Japan,Jordan,Kazakhstan,Kenya,Kiribati,Korea,North Korea,South Korea,Kosovo,Kuwait,Kyrgyzstan,Laos,Latvia,Lebanon,Lesotho,Liberia,Libya,Liechtenstein,Lithuania,Luxembourg,Macau,Madagascar,Malawi,Malaysia,Maldives,Mali,Malta,Mauritania,Mauritius,Mexico,Micronesia,Moldova,Monaco,Mongolia,Montenegro,Morocco,Mozambique,Myanmar,Namibia,Nauru,Nepal,Netherlands,New Zealand,Nicaragua,Niger,Nigeria,Norway,Oman,Pakistan,Palau,Panama,Papua New Guinea,Paraguay,Peru,Philippines,Poland,Portugal,Qatar,Romania,Russia,Rwanda,Samoa,San Marino,Saudi Arabia,Senegal,Serbia,Seychelles,Sierra Leone,Singapore,Slovakia,Slovenia,Somalia,South Africa,South Sudan,Spain,Sri Lanka,Sudan,Suriname,Sweden,Switzerland,Syria,Taiwan,Tajikistan,Tanzania,Thailand,Timor-Leste,Togo,Tonga,Trinidad,Tunisia,Turkey,Turkmenistan,Tuvalu,Uganda,Ukraine,United Arab Emirates,United Kingdom,UK,United States,US,USA,U.S.,Uruguay,Uzbekistan,Vanuatu,Vatican,Venezuela,Vietnam,Yemen,Zambia,Zimbabwe,Soviet Union,USSR,Yugoslavia,Prussia,Ottoman Empire,Britain,Great Britain,England,Scotland,Wales';
const REGIONS =
  'Africa,Asia,Europe,North America,South America,Latin America,Central America,Oceania,Antarctica,Arctic,Middle East,Near East,Far East,Caribbean,Mediterranean,Balkans,Scandinavia,Siberia,Sahara,Southeast Asia,East Asia,South Asia,Central Asia,West Africa,East Africa,North Africa,Sub-Saharan Africa,Pacific,Atlantic,Indian Ocean,Andes,Himalayas,Amazon,Patagonia,Kashmir,Tibet,Crimea,Gaza Strip,West Bank,Darfur,Silicon Valley,Mesopotamia';
const CITIES =
  'London,Paris,Berlin,Rome,Madrid,Lisbon,Vienna,Prague,Warsaw,Moscow,Beijing,Shanghai,Tokyo,Kyoto,Osaka,Seoul,Delhi,New Delhi,Mumbai,Bangkok,Hanoi,Manila,Jakarta,Sydney,Melbourne,Canberra,Cairo,Nairobi,Lagos,Johannesburg,Cape Town,Pretoria,Kigali,Rabat,Casablanca,Lima,Quito,Bogota,Santiago,Buenos Aires,Havana,Mexico City,Washington,New York,Chicago,Boston,San Francisco,Los Angeles,Toronto,Ottawa,Athens,Istanbul,Ankara,Dublin,Edinburgh,Reykjavik,Ulaanbaatar,Phnom Penh,Kuala Lumpur,Geneva,Brussels,Amsterdam,Stockholm,Oslo,Helsinki,Copenhagen,Jerusalem,Baghdad,Tehran,Riyadh,Dubai,Hong Kong,Singapore,Santa Clara';

export const PLACES = new Set(`${COUNTRIES},${REGIONS},${CITIES}`.split(',').map((s) => s.toLowerCase()));
export const COUNTRY_NAMES = new Set(COUNTRIES.split(',').map((s) => s.toLowerCase()));

/** Last (or any) words of a place name. */
export const PLACE_WORDS = new Set(
  'river,sea,ocean,island,islands,mountains,mountain,mount,lake,bay,desert,peninsula,city,county,province,region,strait,gulf,coast,plateau,valley,basin,state,states,republic,kingdom,empire,territory,territories,canal,delta,highlands,plain,plains,archipelago,continent,harbour,harbor,port'.split(
    ',',
  ),
);

/** Words that end a street's name ("Quarry Lane"): the name is a place, a number before it its house. */
export const STREET_WORDS =
  /^(lane|road|street|avenue|way|close|drive|place|square|terrace|crescent|row|gardens|court|walk|hill)$/i;

/** Words that make a name an organisation. */
export const ORG_WORDS = new Set(
  'bank,company,corporation,corp,inc,ltd,llc,group,university,college,institute,institution,association,organization,organisation,agency,department,council,committee,party,union,fund,commission,society,board,ministry,bureau,reserve,court,congress,parliament,senate,assembly,force,consortium,foundation,federation,league,alliance,authority,office,administration,army,navy,command,club,church,school,academy,laboratory,laboratories,museum,network,press,times,post,journal,partnership,community,cooperation,forum,coalition,front,movement,service,services,trust,exchange,airlines,railways,motors,industries,holdings,systems,technologies,labs,nato,imf,opec,who'.split(
    ',',
  ),
);

/** Words that make a name an event, a treaty or a period. */
export const EVENT_WORDS = new Set(
  'war,revolution,crisis,treaty,agreement,accord,pact,act,conference,summit,olympics,games,dynasty,era,age,period,depression,recession,reform,reforms,movement,rebellion,uprising,genocide,massacre,battle,campaign,plan,program,programme,doctrine,declaration,constitution,charter,convention,protocol,initiative,election,elections,referendum,spring,cup,championship,final,finals,award,prize,marathon,festival,tournament,regatta,contest,exhibition,expo,race'.split(
    ',',
  ),
);

/** A company's legal form, which ends a firm's name ("Acme Ltd", "Deutsche Bank AG") and is none alone. */
export const LEGAL_FORM = /^(inc|ltd|llc|plc|corp|co|gmbh|ag|s\.a\.|n\.a\.)\.?$/i;

/** Titles before a person's name; alone they are no answer ("Secretary"). */
export const TITLES = new Set(
  'president,vice,prime,minister,king,queen,emperor,empress,sir,dame,dr,dr.,mr,mr.,mrs,mrs.,ms,ms.,general,gen.,chancellor,pope,saint,st.,lord,lady,prince,princess,sultan,shah,tsar,czar,secretary,chairman,chairwoman,chair,senator,governor,professor,prof.,judge,justice,chief,director,admiral,colonel,captain,commander,ambassador,mayor,councillor,councilor,cllr,cllr.,alderman,bishop,archbishop,rev.,reverend,duke,duchess,count,countess,baron,pharaoh,caliph,ayatollah,sheikh,general-secretary'.split(
    ',',
  ),
);

/** The days of the week in their order. */
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const WEEKDAYS = new RegExp(`^(${DAYS.join('|')})s?$`, 'i');

export const MONTHS =
  /^(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?$/i;
