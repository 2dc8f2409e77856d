// The business categories a user searches for, in English and French, each mapped to the
// OpenStreetMap tags and the NAF rév. 2 sub-classes of the same trade, so that one search finds
// it in an OSM catalogue (`ad_osm_poi`) and in SIRENE (`fr_institutions`).
//
// Ids are stable (searches saved on maps and poi_items.categories hold them): add categories,
// never rename one. A parent has no tags or codes of its own; it gathers its children.
//
// Where the two sources do not cut the trade the same way the mapping follows the user's
// question, and says so: NAF 4776Z (flowers, plants, pets) is both florists, garden centres and
// pet shops; 4724Z (bread, pastry and confectionery shops) is bakeries.
import type { Locale } from '../enums.js';

export interface PoiCategory {
  id: string;
  parent: string | null;
  label: Readonly<Record<Locale, string>>;
  /** OpenStreetMap `key=value` tags. */
  osm: readonly string[];
  /** NAF rév. 2 sub-classes, without dot. */
  naf: readonly string[];
}

type Node = [id: string, en: string, fr: string, osm?: readonly string[], naf?: readonly string[]];

function branch(parent: [id: string, en: string, fr: string], children: readonly Node[]): PoiCategory[] {
  const [parentId, parentEn, parentFr] = parent;
  return [
    { id: parentId, parent: null, label: { en: parentEn, fr: parentFr }, osm: [], naf: [] },
    ...children.map(([id, en, fr, osm = [], naf = []]) => ({ id: `${parentId}.${id}`, parent: parentId, label: { en, fr }, osm, naf })),
  ];
}

export const POI_CATEGORIES: readonly PoiCategory[] = [
  ...branch(['food', 'Food and drink', 'Alimentation et restauration'], [
    ['restaurant', 'Restaurants', 'Restaurants', ['amenity=restaurant'], ['5610A', '5610B']],
    ['fast_food', 'Fast food', 'Restauration rapide', ['amenity=fast_food', 'amenity=food_court'], ['5610C']],
    ['cafe_bar', 'Cafés and bars', 'Cafés et bars', ['amenity=cafe', 'amenity=bar', 'amenity=pub', 'amenity=biergarten'], ['5630Z']],
    ['ice_cream', 'Ice cream parlours', 'Glaciers', ['amenity=ice_cream', 'shop=ice_cream']],
    ['caterer', 'Caterers', 'Traiteurs', ['craft=caterer', 'shop=caterer'], ['5621Z']],
    ['bakery', 'Bakeries and pastry shops', 'Boulangeries et pâtisseries', ['shop=bakery', 'shop=pastry', 'craft=bakery'], ['1071B', '1071C', '1071D', '4724Z']],
    ['butcher', 'Butchers and delicatessens', 'Boucheries et charcuteries', ['shop=butcher'], ['4722Z', '1013B']],
    ['fishmonger', 'Fishmongers', 'Poissonneries', ['shop=seafood', 'shop=fish'], ['4723Z']],
    ['greengrocer', 'Greengrocers', 'Primeurs', ['shop=greengrocer'], ['4721Z']],
    [
      'specialty',
      'Specialty food shops',
      'Commerces alimentaires spécialisés',
      ['shop=deli', 'shop=cheese', 'shop=dairy', 'shop=chocolate', 'shop=confectionery', 'shop=coffee', 'shop=tea', 'shop=spices', 'shop=health_food', 'shop=frozen_food', 'shop=organic'],
      ['4729Z', '4711A'],
    ],
    ['drinks', 'Wine and drinks shops', 'Cavistes et boissons', ['shop=alcohol', 'shop=wine', 'shop=beverages'], ['4725Z']],
    ['supermarket', 'Supermarkets and hypermarkets', 'Supermarchés et hypermarchés', ['shop=supermarket'], ['4711D', '4711E', '4711F']],
    ['convenience', 'Grocery and convenience stores', 'Épiceries et supérettes', ['shop=convenience', 'shop=grocery'], ['4711B', '4711C']],
    ['market', 'Markets', 'Marchés', ['amenity=marketplace'], ['4781Z']],
  ]),
  ...branch(['shopping', 'Shopping', 'Commerces'], [
    ['clothes', 'Clothing', 'Vêtements', ['shop=clothes', 'shop=boutique', 'shop=fashion'], ['4771Z']],
    ['shoes', 'Shoes and leather goods', 'Chaussures et maroquinerie', ['shop=shoes', 'shop=bag', 'shop=leather'], ['4772A', '4772B']],
    ['jewelry', 'Jewellers and watchmakers', 'Bijouteries et horlogeries', ['shop=jewelry', 'shop=watches'], ['4777Z']],
    ['cosmetics', 'Perfume and cosmetics', 'Parfumeries et cosmétiques', ['shop=cosmetics', 'shop=perfumery', 'shop=chemist'], ['4775Z']],
    ['sports', 'Sports shops', "Articles de sport", ['shop=sports', 'shop=outdoor', 'shop=bicycle', 'shop=fishing', 'shop=ski'], ['4764Z']],
    ['toys', 'Toys and games', 'Jeux et jouets', ['shop=toys', 'shop=games'], ['4765Z']],
    ['books', 'Bookshops', 'Librairies', ['shop=books'], ['4761Z']],
    ['newsagent', 'Newsagents, stationers and tobacconists', 'Presse, papeterie et tabac', ['shop=newsagent', 'shop=kiosk', 'shop=stationery', 'shop=tobacco'], ['4762Z', '4726Z']],
    [
      'electronics',
      'Electronics and household appliances',
      'Électronique et électroménager',
      ['shop=electronics', 'shop=computer', 'shop=mobile_phone', 'shop=hifi', 'shop=appliance'],
      ['4741Z', '4742Z', '4743Z', '4754Z'],
    ],
    [
      'furniture',
      'Furniture and home decoration',
      'Meubles et décoration',
      ['shop=furniture', 'shop=interior_decoration', 'shop=kitchen', 'shop=bed', 'shop=houseware', 'shop=lighting', 'shop=carpet', 'shop=curtain', 'shop=fabric'],
      ['4759A', '4759B', '4753Z', '4751Z'],
    ],
    ['diy', 'DIY and hardware', 'Bricolage et quincaillerie', ['shop=doityourself', 'shop=hardware', 'shop=paint', 'shop=trade'], ['4752A', '4752B']],
    ['garden', 'Garden centres', 'Jardineries', ['shop=garden_centre'], ['4776Z']],
    ['florist', 'Florists', 'Fleuristes', ['shop=florist'], ['4776Z']],
    ['pets', 'Pet shops', 'Animaleries', ['shop=pet'], ['4776Z']],
    ['department_store', 'Department and variety stores', 'Grands magasins et bazars', ['shop=department_store', 'shop=variety_store', 'shop=general'], ['4719A', '4719B']],
    ['second_hand', 'Second-hand and antiques', "Brocantes, dépôts-ventes et antiquaires", ['shop=second_hand', 'shop=charity', 'shop=antiques'], ['4779Z']],
    ['mall', 'Shopping centres', 'Centres commerciaux', ['shop=mall']],
  ]),
  ...branch(['health', 'Health', 'Santé'], [
    ['pharmacy', 'Pharmacies', 'Pharmacies', ['amenity=pharmacy', 'healthcare=pharmacy'], ['4773Z']],
    ['doctor', 'Doctors', 'Médecins', ['amenity=doctors', 'healthcare=doctor'], ['8621Z', '8622A', '8622B', '8622C']],
    ['dentist', 'Dentists', 'Dentistes', ['amenity=dentist', 'healthcare=dentist'], ['8623Z']],
    ['hospital', 'Hospitals and clinics', 'Hôpitaux et cliniques', ['amenity=hospital', 'healthcare=hospital', 'amenity=clinic', 'healthcare=clinic'], ['8610Z']],
    ['laboratory', 'Medical laboratories', "Laboratoires d'analyses médicales", ['healthcare=laboratory'], ['8690B']],
    ['nurse', 'Nurses and midwives', 'Infirmiers et sages-femmes', ['healthcare=nurse', 'healthcare=midwife'], ['8690D']],
    [
      'therapist',
      'Physiotherapists and other therapists',
      'Kinésithérapeutes et autres rééducateurs',
      ['healthcare=physiotherapist', 'healthcare=podiatrist', 'healthcare=speech_therapist', 'healthcare=occupational_therapist'],
      ['8690E'],
    ],
    ['other_practitioner', 'Other health practitioners', 'Autres professionnels de santé', ['healthcare=psychotherapist', 'healthcare=alternative'], ['8690F']],
    ['optician', 'Opticians', 'Opticiens', ['shop=optician', 'healthcare=optometrist'], ['4778A']],
    ['medical_supply', 'Medical supplies and hearing aids', 'Matériel médical et audioprothèses', ['shop=medical_supply', 'shop=hearing_aids'], ['4774Z']],
    ['nursing_home', 'Nursing homes', 'Établissements médicalisés et EHPAD', ['amenity=nursing_home'], ['8710A', '8710B', '8710C']],
    ['veterinary', 'Veterinarians', 'Vétérinaires', ['amenity=veterinary'], ['7500Z']],
  ]),
  ...branch(['services', 'Personal services', 'Services à la personne'], [
    ['hairdresser', 'Hairdressers and barbers', 'Coiffeurs', ['shop=hairdresser', 'shop=barber'], ['9602A']],
    ['beauty', 'Beauty salons', 'Instituts de beauté', ['shop=beauty', 'shop=nails', 'shop=cosmetics_salon'], ['9602B']],
    ['wellness', 'Spas and massage', 'Spas et bien-être', ['shop=massage', 'leisure=sauna', 'amenity=spa'], ['9604Z']],
    ['laundry', 'Laundries and dry cleaners', 'Laveries et pressings', ['shop=laundry', 'shop=dry_cleaning'], ['9601A', '9601B']],
    ['photographer', 'Photographers', 'Photographes', ['shop=photo', 'craft=photographer'], ['7420Z']],
    ['travel_agency', 'Travel agencies', 'Agences de voyage', ['shop=travel_agency', 'office=travel_agent'], ['7911Z', '7912Z']],
    ['funeral', 'Funeral services', 'Pompes funèbres', ['shop=funeral_directors'], ['9603Z']],
  ]),
  ...branch(['professional', 'Professional services', 'Services aux entreprises et professions libérales'], [
    ['estate_agent', 'Estate agents', 'Agences immobilières', ['office=estate_agent', 'shop=estate_agent'], ['6831Z']],
    ['lawyer', 'Lawyers and notaries', 'Avocats et notaires', ['office=lawyer', 'office=notary'], ['6910Z']],
    ['accountant', 'Accountants', 'Experts-comptables', ['office=accountant', 'office=tax_advisor'], ['6920Z']],
    ['architect', 'Architects', 'Architectes', ['office=architect'], ['7111Z']],
    ['employment_agency', 'Employment agencies', "Agences d'emploi et d'intérim", ['office=employment_agency'], ['7810Z', '7820Z']],
  ]),
  ...branch(['finance', 'Banks and insurance', 'Banques et assurances'], [
    ['bank', 'Banks', 'Banques', ['amenity=bank'], ['6419Z']],
    ['atm', 'Cash machines', 'Distributeurs de billets', ['amenity=atm']],
    ['insurance', 'Insurance', 'Assurances', ['office=insurance'], ['6511Z', '6512Z', '6622Z']],
    ['financial_advisor', 'Financial advisers', 'Conseillers financiers', ['office=financial_advisor', 'office=financial'], ['6619B']],
  ]),
  ...branch(['construction', 'Building trades', 'Artisans du bâtiment'], [
    ['builder', 'Builders and masons', 'Maçons et constructeurs', ['craft=builder'], ['4120A', '4120B', '4399C']],
    ['plumber', 'Plumbers and heating engineers', 'Plombiers et chauffagistes', ['craft=plumber', 'craft=hvac'], ['4322A', '4322B']],
    ['electrician', 'Electricians', 'Électriciens', ['craft=electrician'], ['4321A']],
    ['carpenter', 'Joiners and carpenters', 'Menuisiers', ['craft=carpenter', 'craft=joiner', 'craft=window_construction'], ['4332A']],
    ['roofer', 'Roofers', 'Couvreurs et charpentiers', ['craft=roofer'], ['4391A', '4391B']],
    ['painter', 'Painters and decorators', 'Peintres en bâtiment', ['craft=painter'], ['4334Z']],
    ['tiler', 'Tilers and floor layers', 'Carreleurs et poseurs de sols', ['craft=tiler', 'craft=floorer'], ['4333Z']],
  ]),
  ...branch(['automotive', 'Automotive', 'Automobile'], [
    ['car_dealer', 'Car dealers', 'Concessionnaires automobiles', ['shop=car'], ['4511Z', '4519Z']],
    ['car_repair', 'Car repair', 'Garages et réparation automobile', ['shop=car_repair', 'shop=tyres'], ['4520A', '4520B']],
    ['car_parts', 'Car parts', 'Pièces et équipements automobiles', ['shop=car_parts'], ['4532Z']],
    ['motorcycle', 'Motorcycles', 'Motos', ['shop=motorcycle'], ['4540Z']],
    ['fuel', 'Fuel stations', 'Stations-service', ['amenity=fuel'], ['4730Z']],
    ['car_wash', 'Car washes', 'Stations de lavage', ['amenity=car_wash']],
    ['car_rental', 'Car rental', 'Location de voitures', ['amenity=car_rental'], ['7711A', '7711B']],
    ['charging_station', 'Charging stations', 'Bornes de recharge', ['amenity=charging_station']],
    ['parking', 'Car parks', 'Parkings', ['amenity=parking']],
  ]),
  ...branch(['accommodation', 'Accommodation', 'Hébergement'], [
    ['hotel', 'Hotels', 'Hôtels', ['tourism=hotel', 'tourism=motel'], ['5510Z']],
    [
      'short_stay',
      'Guest houses, hostels and holiday rentals',
      "Chambres d'hôtes, auberges de jeunesse et meublés de tourisme",
      ['tourism=guest_house', 'tourism=hostel', 'tourism=apartment', 'tourism=chalet'],
      ['5520Z'],
    ],
    ['camping', 'Campsites', 'Campings', ['tourism=camp_site', 'tourism=caravan_site'], ['5530Z']],
  ]),
  ...branch(['education', 'Education', 'Enseignement'], [
    ['nursery', 'Nurseries and pre-schools', 'Crèches et écoles maternelles', ['amenity=kindergarten', 'amenity=childcare'], ['8510Z', '8891A']],
    ['school', 'Schools', 'Écoles, collèges et lycées', ['amenity=school'], ['8520Z', '8531Z', '8532Z']],
    ['higher', 'Universities and colleges', 'Enseignement supérieur', ['amenity=university', 'amenity=college'], ['8541Z', '8542Z']],
    [
      'training',
      'Training, tutoring and lessons',
      'Formation, soutien scolaire et cours',
      ['amenity=language_school', 'amenity=music_school', 'amenity=dancing_school', 'amenity=prep_school'],
      ['8551Z', '8552Z', '8559A', '8559B'],
    ],
    ['driving_school', 'Driving schools', 'Auto-écoles', ['amenity=driving_school'], ['8553Z']],
  ]),
  ...branch(['leisure', 'Leisure and culture', 'Loisirs et culture'], [
    ['fitness', 'Gyms and fitness', 'Salles de sport et fitness', ['leisure=fitness_centre', 'amenity=gym'], ['9313Z']],
    [
      'sports_facility',
      'Sports facilities and clubs',
      'Équipements et clubs sportifs',
      ['leisure=sports_centre', 'leisure=stadium', 'leisure=ice_rink', 'leisure=golf_course', 'leisure=sports_hall', 'leisure=water_park'],
      ['9311Z', '9312Z', '9319Z'],
    ],
    ['cinema', 'Cinemas', 'Cinémas', ['amenity=cinema'], ['5914Z']],
    ['theatre', 'Theatres and performing arts', 'Théâtres et spectacles', ['amenity=theatre', 'amenity=arts_centre'], ['9001Z', '9004Z']],
    [
      'attraction',
      'Museums and attractions',
      'Musées et sites touristiques',
      ['tourism=museum', 'tourism=gallery', 'tourism=attraction', 'tourism=zoo', 'tourism=theme_park', 'tourism=aquarium'],
      ['9102Z', '9103Z', '9104Z', '9321Z'],
    ],
    ['library', 'Libraries', 'Bibliothèques', ['amenity=library'], ['9101Z']],
    ['nightclub', 'Nightclubs', 'Discothèques', ['amenity=nightclub']],
    ['gambling', 'Casinos and gambling', 'Casinos et jeux', ['amenity=casino', 'amenity=gambling'], ['9200Z']],
  ]),
  ...branch(['public', 'Public services', 'Services publics'], [
    ['post_office', 'Post offices', 'Bureaux de poste', ['amenity=post_office'], ['5310Z', '5320Z']],
    ['town_hall', 'Town halls', 'Mairies', ['amenity=townhall'], ['8411Z']],
    ['police', 'Police', 'Police et gendarmerie', ['amenity=police'], ['8424Z']],
    ['fire_station', 'Fire stations', 'Casernes de pompiers', ['amenity=fire_station'], ['8425Z']],
    ['place_of_worship', 'Places of worship', 'Lieux de culte', ['amenity=place_of_worship'], ['9491Z']],
  ]),
];
