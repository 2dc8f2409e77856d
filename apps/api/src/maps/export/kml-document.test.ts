import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { kmlColor, kmlDocument, xmlText } from './kml-document.js';
import { testArea, testFolder, testMap } from './test-support/export-factories.js';

interface XmlElement { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string }

/** The document read back by a conforming XML parser (saxes throws on anything not well-formed). */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack = [root];
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.local, attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])), children: [], text: '' };
    if (tag.local === 'kml') expect(tag.uri).toBe('http://www.opengis.net/kml/2.2');
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('text', (text) => { stack.at(-1)!.text += text; });
  parser.on('closetag', () => { stack.pop(); });
  parser.write(xml).close();
  return root.children[0]!;
}

const child = (element: XmlElement, name: string) => element.children.find((entry) => entry.name === name);
const children = (element: XmlElement, name: string) => element.children.filter((entry) => entry.name === name);
const textOf = (element: XmlElement, name: string) => child(element, name)?.text;
const ringOf = (text: string) => text.trim().split(' ').map((pair) => pair.split(',').map(Number));

const hole = [[7.02, 43.02], [7.04, 43.02], [7.04, 43.04], [7.02, 43.04], [7.02, 43.02]] as [number, number][];
const clockwiseSquare = [[8, 44], [8, 44.1], [8.1, 44.1], [8.1, 44], [8, 44]] as [number, number][];

function sampleMap() {
  const isochrone = testArea({
    label: 'Fish & <Chips> "Nice" \'s\u0001',
    color: '#FF8000',
    isoMode: 'isochrone', transportMode: 'car', duration: 1800, startAddress: '1 rue <b>Masséna</b> & co', startPoint: [7.27, 43.7],
    geometry: { type: 'Polygon', coordinates: [[[7, 43], [7.1, 43], [7.1, 43.1], [7, 43.1], [7, 43]], hole] },
  });
  const parts = testArea({
    label: 'Two parts', hide: true,
    geometry: { type: 'MultiPolygon', coordinates: [[[[7, 43], [7.1, 43], [7.1, 43.1], [7, 43]]], [clockwiseSquare]] },
  });
  const sameColour = testArea({ label: 'Same colour', color: '#ff8000' });
  return testMap('Zones & co', [testFolder('Shops', [isochrone, parts]), testFolder('Closed <layer>', [sameColour], { closed: true }), testFolder('Empty', [])]);
}

describe('KML export', () => {
  it('writes colours as aabbggrr', () => {
    expect(kmlColor('#ff8000')).toBe('ff0080ff');
    expect(kmlColor('#FF8000', 0.35)).toBe('590080ff');
  });

  it('escapes markup and drops what XML cannot hold', () => {
    expect(xmlText('a & <b> "c" \'d\'\u0000\u001f\uffff')).toBe('a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos;');
  });

  it('is a KML 2.2 document with a Folder per folder and a Placemark per area named after it', () => {
    const kml = parseXml(kmlDocument(sampleMap(), { locale: 'en', unit: 'km' }));
    expect(kml.name).toBe('kml');
    const document = child(kml, 'Document')!;
    expect(textOf(document, 'name')).toBe('Zones & co');
    const folders = children(document, 'Folder');
    expect(folders.map((folder) => textOf(folder, 'name'))).toEqual(['Shops', 'Closed <layer>', 'Empty']);
    expect(folders.map((folder) => textOf(folder, 'open'))).toEqual(['1', '0', '1']);
    expect(folders.map((folder) => children(folder, 'Placemark').map((placemark) => textOf(placemark, 'name'))))
      .toEqual([['Fish & <Chips> "Nice" \'s', 'Two parts'], ['Same colour'], []]);
  });

  it('styles each area from its colour, one style per colour', () => {
    const document = child(parseXml(kmlDocument(sampleMap(), { locale: 'en', unit: 'km' })), 'Document')!;
    const styles = children(document, 'Style');
    expect(styles.map((style) => style.attributes.id)).toEqual(['color-ff8000', 'color-3b82f6']);
    const orange = styles[0]!;
    expect(textOf(child(orange, 'LineStyle')!, 'color')).toBe('ff0080ff');
    expect(textOf(child(orange, 'LineStyle')!, 'width')).toBe('2');
    expect(textOf(child(orange, 'PolyStyle')!, 'color')).toBe('590080ff');
    const placemarks = children(document, 'Folder').flatMap((folder) => children(folder, 'Placemark'));
    expect(placemarks.map((placemark) => textOf(placemark, 'styleUrl'))).toEqual(['#color-ff8000', '#color-3b82f6', '#color-ff8000']);
  });

  it('describes how the area was made, as HTML whose text is escaped, and keeps the recipe as data', () => {
    const document = child(parseXml(kmlDocument(sampleMap(), { locale: 'fr', unit: 'km' })), 'Document')!;
    const [isochrone, parts] = children(children(document, 'Folder')[0]!, 'Placemark');
    expect(textOf(isochrone!, 'description')).toBe('Temps de trajet, 30 min en voiture<br>Adresse de départ : 1 rue &lt;b&gt;Masséna&lt;/b&gt; &amp; co');
    const data = Object.fromEntries(children(child(isochrone!, 'ExtendedData')!, 'Data').map((entry) => [entry.attributes.name, textOf(entry, 'value')]));
    expect(data).toEqual({ isoMode: 'isochrone', transportMode: 'car', durationSeconds: '1800', startAddress: '1 rue <b>Masséna</b> & co' });
    expect(child(isochrone!, 'visibility')).toBeUndefined();
    expect(textOf(parts!, 'visibility')).toBe('0');
  });

  it('writes polygons with their holes, and multipolygons as MultiGeometry, outer rings counter-clockwise', () => {
    const document = child(parseXml(kmlDocument(sampleMap(), { locale: 'en', unit: 'km' })), 'Document')!;
    const [isochrone, parts] = children(children(document, 'Folder')[0]!, 'Placemark');
    const polygon = child(isochrone!, 'Polygon')!;
    const ring = (boundary: XmlElement) => ringOf(textOf(child(boundary, 'LinearRing')!, 'coordinates')!);
    expect(ring(child(polygon, 'outerBoundaryIs')!)).toEqual([[7, 43], [7.1, 43], [7.1, 43.1], [7, 43.1], [7, 43]]);
    // The hole was counter-clockwise: it comes out clockwise.
    expect(children(polygon, 'innerBoundaryIs').map(ring)).toEqual([[...hole].reverse()]);
    const polygons = children(child(parts!, 'MultiGeometry')!, 'Polygon');
    expect(polygons).toHaveLength(2);
    expect(ring(child(polygons[1]!, 'outerBoundaryIs')!)).toEqual([...clockwiseSquare].reverse());
  });
});
