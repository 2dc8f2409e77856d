// The 21 sections of NAF rév. 2 with INSEE's French titles and the divisions each gathers
// (the nomenclature's files list divisions to sub-classes only).

export interface NafSection {
  code: string;
  labelFr: string;
  divisions: readonly string[];
}

function divisions(from: number, to: number): string[] {
  const list: string[] = [];
  for (let division = from; division <= to; division += 1) list.push(String(division).padStart(2, '0'));
  return list;
}

export const NAF_SECTIONS: readonly NafSection[] = [
  { code: 'A', labelFr: 'Agriculture, sylviculture et pêche', divisions: divisions(1, 3) },
  { code: 'B', labelFr: 'Industries extractives', divisions: divisions(5, 9) },
  { code: 'C', labelFr: 'Industrie manufacturière', divisions: divisions(10, 33) },
  { code: 'D', labelFr: "Production et distribution d'électricité, de gaz, de vapeur et d'air conditionné", divisions: ['35'] },
  { code: 'E', labelFr: "Production et distribution d'eau ; assainissement, gestion des déchets et dépollution", divisions: divisions(36, 39) },
  { code: 'F', labelFr: 'Construction', divisions: divisions(41, 43) },
  { code: 'G', labelFr: "Commerce ; réparation d'automobiles et de motocycles", divisions: divisions(45, 47) },
  { code: 'H', labelFr: 'Transports et entreposage', divisions: divisions(49, 53) },
  { code: 'I', labelFr: 'Hébergement et restauration', divisions: divisions(55, 56) },
  { code: 'J', labelFr: 'Information et communication', divisions: divisions(58, 63) },
  { code: 'K', labelFr: "Activités financières et d'assurance", divisions: divisions(64, 66) },
  { code: 'L', labelFr: 'Activités immobilières', divisions: ['68'] },
  { code: 'M', labelFr: 'Activités spécialisées, scientifiques et techniques', divisions: divisions(69, 75) },
  { code: 'N', labelFr: 'Activités de services administratifs et de soutien', divisions: divisions(77, 82) },
  { code: 'O', labelFr: 'Administration publique', divisions: ['84'] },
  { code: 'P', labelFr: 'Enseignement', divisions: ['85'] },
  { code: 'Q', labelFr: 'Santé humaine et action sociale', divisions: divisions(86, 88) },
  { code: 'R', labelFr: 'Arts, spectacles et activités récréatives', divisions: divisions(90, 93) },
  { code: 'S', labelFr: 'Autres activités de services', divisions: divisions(94, 96) },
  {
    code: 'T',
    labelFr:
      "Activités des ménages en tant qu'employeurs ; activités indifférenciées des ménages en tant que producteurs de biens et services pour usage propre",
    divisions: divisions(97, 98),
  },
  { code: 'U', labelFr: 'Activités extra-territoriales', divisions: ['99'] },
];
