export { emptyAddressReadSummary, formatAddressReadSummary, type AddressItem, type AddressReadSummary } from './address-item.js';
export { osmAddressFields, type OsmAddressFields } from './osm-address-tags.js';
export { readOsmAddresses, type OsmAddressRead } from './read-osm-addresses.js';
