import { describe, expect, it } from 'vitest';
import { communeName, nameWithArticle } from './french-names.js';

describe('nameWithArticle', () => {
  it('puts INSEE\'s article back in front of the name', () => {
    expect(nameWithArticle('3', 'Turbie')).toBe('La Turbie');
    expect(nameWithArticle('2', 'Cannet')).toBe('Le Cannet');
    expect(nameWithArticle('4', 'Mées')).toBe('Les Mées');
    expect(nameWithArticle('5', 'Abergement-de-Varey')).toBe("L'Abergement-de-Varey");
    expect(nameWithArticle('0', 'Nice')).toBe('Nice');
    expect(nameWithArticle('1', 'Antibes')).toBe('Antibes');
  });

  it('leaves a name that has its article already, and moves one in parentheses to the front', () => {
    expect(nameWithArticle('3', 'La Turbie')).toBe('La Turbie');
    expect(nameWithArticle(undefined, 'Turbie (La)')).toBe('La Turbie');
    expect(nameWithArticle(undefined, "Abergement-Clémenciat (L')")).toBe("L'Abergement-Clémenciat");
    expect(nameWithArticle(undefined, 'Colle-sur-Loup')).toBe('Colle-sur-Loup');
  });
});

describe('communeName', () => {
  it('reads the article and the article-less name of the Code officiel géographique', () => {
    expect(communeName({ TNCC: '3', NCC: 'TURBIE', NCCENR: 'Turbie', LIBELLE: 'La Turbie' }, ['LIBELLE'])).toBe('La Turbie');
    expect(communeName({ TNCC: '3', NCCENR: 'Turbie' }, ['nom'])).toBe('La Turbie');
  });

  it('reads the full name where a table gives one, and nothing where there is none', () => {
    expect(communeName({ code_insee: '06150', nom: 'La Turbie' }, ['nom', 'LIBGEO'])).toBe('La Turbie');
    expect(communeName({ CODGEO: '06150', LIBGEO: 'La Turbie' }, ['nom', 'LIBGEO'])).toBe('La Turbie');
    expect(communeName({ code: '06150', population: '3045' }, ['nom', 'LIBGEO'])).toBeUndefined();
  });
});
