/** What a business search is called, and its criteria's names: the domain's, which the API's indicator editor uses too. */
export { categoryName, nafDisplay, searchTitle, type SearchCriteria } from '@catchment/domain';
