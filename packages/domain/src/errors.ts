/**
 * The one catalogue of the API's errors. Each entry names a failure the rules of the product can
 * meet: the code of the `{ error: { code, message, details } }` body, the HTTP status it is answered
 * with, and the catalogue key of its default message (i18n). Services throw a `DomainError` naming
 * an entry; the API's error handler alone turns the entry into a status.
 */
import type { z } from 'zod';
import type { en } from './i18n/en.js';

/** A key of the errors.* or validation.* messages of the i18n catalogues. */
export type ErrorMessageKey = `errors.${keyof typeof en.errors}` | `validation.${keyof typeof en.validation}`;

export interface ErrorEntry {
  code: string;
  status: number;
  message: ErrorMessageKey;
  /** Seconds after which the same request may succeed (sent as Retry-After). */
  retryAfterSeconds?: number;
}

export const ERRORS = {
  validation: { code: 'VALIDATION_ERROR', status: 400, message: 'validation.invalid' },
  unauthorized: { code: 'UNAUTHORIZED', status: 401, message: 'errors.unauthorized' },
  invalidCredentials: { code: 'INVALID_CREDENTIALS', status: 401, message: 'errors.invalidCredentials' },
  forbidden: { code: 'FORBIDDEN', status: 403, message: 'errors.forbidden' },
  notFound: { code: 'NOT_FOUND', status: 404, message: 'errors.notFound' },
  conflict: { code: 'CONFLICT', status: 409, message: 'errors.conflict' },
  alreadySignedUp: { code: 'ALREADY_SIGNED_UP', status: 409, message: 'errors.alreadySignedUp' },
  /** The account's address is verified already (its link opened again, or a new link asked for). */
  emailAlreadyVerified: { code: 'EMAIL_ALREADY_VERIFIED', status: 409, message: 'errors.emailAlreadyVerified' },
  /** An account e-mail's link past its lifetime (accounts/account-limits.ts): the user asks for a new one. */
  tokenExpired: { code: 'TOKEN_EXPIRED', status: 410, message: 'errors.tokenExpired' },
  /** An account e-mail's link that is unknown, used already, or made void by a newer one. */
  tokenInvalid: { code: 'TOKEN_INVALID', status: 400, message: 'errors.tokenInvalid' },
  /** The current password typed to change the password or to confirm an e-mail change is not the account's. */
  wrongCurrentPassword: { code: 'WRONG_CURRENT_PASSWORD', status: 400, message: 'errors.wrongCurrentPassword' },
  /** An e-mail change needs the password typed again in this session within the last minutes (POST /Clients/verify/password). */
  passwordConfirmationRequired: { code: 'PASSWORD_CONFIRMATION_REQUIRED', status: 403, message: 'errors.passwordConfirmationRequired' },
  /** Another account has this e-mail address. */
  emailAlreadyUsed: { code: 'EMAIL_ALREADY_USED', status: 409, message: 'errors.emailAlreadyUsed' },
  tooLarge: { code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'errors.tooLarge' },
  unprocessable: { code: 'UNPROCESSABLE', status: 422, message: 'errors.unprocessable' },
  rateLimited: { code: 'RATE_LIMITED', status: 429, message: 'errors.rateLimited' },
  /** Too many wrong passwords for one account from this address (Retry-After says when to retry); details carry minutes. */
  tooManyLoginAttempts: { code: 'TOO_MANY_LOGIN_ATTEMPTS', status: 429, message: 'errors.tooManyLoginAttempts' },
  internal: { code: 'INTERNAL_ERROR', status: 500, message: 'errors.internal' },
  /** The server's compute threads are all busy with a full queue: they clear within seconds. */
  serverBusy: { code: 'SERVER_BUSY', status: 503, message: 'errors.serverBusy', retryAfterSeconds: 5 },
  /** A heatmap's legend or tile not built within HEATMAP_TIMEOUT_SECONDS (SPEC §8 Heatmap timeout): the request ends, the caches stay as they were. */
  heatmapTimeout: { code: 'HEATMAP_TIMEOUT', status: 503, message: 'errors.heatmapTimeout', retryAfterSeconds: 10 },
  /** A heatmap of an indicator (metricId) on a server where no indicator value source is registered yet. */
  heatmapMetricUnsupported: { code: 'HEATMAP_METRIC_UNSUPPORTED', status: 400, message: 'errors.heatmapMetricUnsupported' },
  /** The "where to open" layer not computed within its time limit (details.seconds): the searches were stopped. */
  reachabilityTimeout: { code: 'REACHABILITY_TIMEOUT', status: 503, message: 'errors.reachabilityTimeout', retryAfterSeconds: 10 },
  /** The layer needs our routing engine's graphs; an operator's external routing server has no batch of searches. */
  reachabilityUnavailable: { code: 'REACHABILITY_UNAVAILABLE', status: 422, message: 'errors.reachabilityUnavailable' },
  /** No territorial unit with a population around the grid: every cell would read 0. */
  reachabilityNoPopulation: { code: 'REACHABILITY_NO_POPULATION', status: 422, message: 'errors.reachabilityNoPopulation' },
  mapNotFound: { code: 'MAP_NOT_FOUND', status: 404, message: 'errors.mapNotFound' },
  folderNotFound: { code: 'FOLDER_NOT_FOUND', status: 404, message: 'errors.folderNotFound' },
  areaNotFound: { code: 'AREA_NOT_FOUND', status: 404, message: 'errors.areaNotFound' },
  /** A map's member asked for by an e-mail with no account (SPEC §5): the user must sign up first. */
  mapMemberUnknown: { code: 'MAP_MEMBER_UNKNOWN', status: 404, message: 'errors.subscriberUnknown' },
  /** The owner gave their own address: they have every right on the map already. */
  mapMemberIsOwner: { code: 'MAP_MEMBER_IS_OWNER', status: 409, message: 'errors.mapMemberIsOwner' },
  /** The user removed is not a member of the map (never was, or was removed already). */
  mapMemberNotFound: { code: 'MAP_MEMBER_NOT_FOUND', status: 404, message: 'errors.mapMemberNotFound' },
  /** A write based on a map version that is no longer the current one; details carry currentVersion. */
  mapVersionConflict: { code: 'MAP_VERSION_CONFLICT', status: 409, message: 'errors.mapVersionConflict' },
  /** The free plan's areas-per-map limit; details carry maxAreas. */
  areaLimitReached: { code: 'AREA_LIMIT_REACHED', status: 403, message: 'errors.areaLimitReached' },
  /** The caller's plan does not include the feature; details carry feature and plan (the cheapest plan on sale that does). */
  planRequired: { code: 'PLAN_REQUIRED', status: 403, message: 'errors.planRequired' },
  areaCannotBeCalculated: { code: 'AREA_CANNOT_BE_CALCULATED', status: 422, message: 'errors.areaCannotBeCalculated' },
  // The next three usually travel inside a 200 answer, as the error of one area among others.
  /** The area reaches farther than the analysis limit (SPEC §9: 300 km). */
  polygonTooLarge: { code: 'POLYGON_TOO_LARGE', status: 422, message: 'errors.polygonTooLarge' },
  noDataForCountry: { code: 'NO_DATA_FOR_COUNTRY', status: 422, message: 'errors.noDataForCountry' },
  censusRetrieval: { code: 'CENSUS_RETRIEVAL_ERROR', status: 500, message: 'errors.censusRetrieval' },
  unitsNotFound: { code: 'UNITS_NOT_FOUND', status: 422, message: 'errors.unitsNotFound' },
  unitsWithoutBoundary: { code: 'UNITS_WITHOUT_BOUNDARY', status: 422, message: 'errors.unitsWithoutBoundary' },
  unitKindNotLoaded: { code: 'UNIT_KIND_NOT_LOADED', status: 422, message: 'errors.unitKindNotLoaded' },
  /** A union of units with more boundary points than the server unites at once. */
  unionTooLarge: { code: 'UNION_TOO_LARGE', status: 422, message: 'errors.unionTooLarge' },
  /** The transport mode is not offered in the start point's country (SPEC §8); the message says where it is. */
  modeNotOffered: { code: 'MODE_NOT_OFFERED', status: 422, message: 'errors.modeNotOfferedHere' },
  noRoadNetwork: { code: 'NO_ROAD_NETWORK', status: 422, message: 'errors.noRoadNetwork' },
  /** The start point is at sea (no land, hence no road, near it); details carry the point. */
  startAtSea: { code: 'START_AT_SEA', status: 422, message: 'errors.startAtSea' },
  startTooFar: { code: 'START_TOO_FAR', status: 422, message: 'errors.startTooFar' },
  /** A route's point (POST /v2/isochrones/route) is at sea; details carry the point. */
  pointAtSea: { code: 'POINT_AT_SEA', status: 422, message: 'errors.pointAtSea' },
  /** A route's point is farther than the snapping distance from any road of the mode. */
  pointTooFar: { code: 'POINT_TOO_FAR', status: 422, message: 'errors.pointTooFar' },
  /** No way by the mode between a route's start and point (one-way streets, access, another network), or longer than 3 hours. */
  routeUnreachable: { code: 'ROUTE_UNREACHABLE', status: 422, message: 'errors.routeUnreachable' },
  /** Arrival or several starts asked of an external routing server, which computes neither. */
  routingOptionUnavailable: { code: 'ROUTING_OPTION_UNAVAILABLE', status: 422, message: 'errors.routingOptionUnavailable' },
  modeNotInNetwork: { code: 'MODE_NOT_AVAILABLE', status: 422, message: 'errors.modeNotInNetwork' },
  /** Transit asked where no GTFS timetable is loaded (npm run data -- import gtfs). */
  noTransitTimetable: { code: 'NO_TRANSIT_TIMETABLE', status: 422, message: 'errors.noTransitTimetable' },
  /** Transit on a day the timetables covering the start do not run; details carry firstDate and lastDate. */
  transitDateNotCovered: { code: 'TRANSIT_DATE_NOT_COVERED', status: 422, message: 'errors.transitDateNotCovered' },
  /** Transit asked as a road distance, an arrival or from several starts: timetables answer departures from one start. */
  transitOptionUnavailable: { code: 'TRANSIT_OPTION_UNAVAILABLE', status: 422, message: 'errors.transitOptionUnavailable' },
  // Subscriptions and billing (apps/api/src/billing).
  /** The caller has no subscription, neither their own nor a licence of another's. */
  noSubscription: { code: 'NO_SUBSCRIPTION', status: 404, message: 'errors.noSubscription' },
  /** Only the subscription's owner (admin) manages it; its other users read it. */
  notSubscriptionOwner: { code: 'NOT_SUBSCRIPTION_OWNER', status: 403, message: 'errors.notSubscriptionOwner' },
  /** A subscription set up by support: the user cannot change it (SPEC §6). */
  manualSubscription: { code: 'MANUAL_SUBSCRIPTION', status: 409, message: 'errors.manualSubscription' },
  planNotSold: { code: 'PLAN_NOT_SOLD', status: 422, message: 'errors.planNotSold' },
  samePlan: { code: 'SAME_PLAN', status: 409, message: 'errors.samePlan' },
  /** A user holding a licence of someone else's subscription asked to subscribe. */
  alreadySubscribed: { code: 'ALREADY_SUBSCRIBED', status: 409, message: 'errors.alreadySubscribed' },
  subscriptionEnded: { code: 'SUBSCRIPTION_ENDED', status: 409, message: 'errors.subscriptionEnded' },
  /** A renewal's payment failed: its invoice must be paid before anything else changes. */
  subscriptionPastDue: { code: 'SUBSCRIPTION_PAST_DUE', status: 409, message: 'errors.subscriptionPastDue' },
  subscriptionCancelling: { code: 'SUBSCRIPTION_CANCELLING', status: 409, message: 'errors.subscriptionCancelling' },
  subscriptionNotCancelling: { code: 'SUBSCRIPTION_NOT_CANCELLING', status: 409, message: 'errors.subscriptionNotCancelling' },
  /** Fewer licences than users holding one; details carry used. */
  tooFewLicences: { code: 'TOO_FEW_LICENCES', status: 422, message: 'errors.tooFewLicences' },
  noOpenInvoice: { code: 'NO_OPEN_INVOICE', status: 409, message: 'errors.noOpenInvoice' },
  /** The e-mail given for a new subscriber has no account (SPEC §5). */
  subscriberUnknown: { code: 'SUBSCRIBER_UNKNOWN', status: 404, message: 'errors.subscriberUnknown' },
  subscriberHasLicence: { code: 'SUBSCRIBER_HAS_LICENCE', status: 409, message: 'errors.subscriberHasLicence' },
  /** Every licence is held; details carry licences. */
  licencesExhausted: { code: 'LICENCES_EXHAUSTED', status: 409, message: 'errors.licencesExhausted' },
  subscriberNotFound: { code: 'SUBSCRIBER_NOT_FOUND', status: 404, message: 'errors.subscriberNotFound' },
  /** The owner's own licence cannot be removed, nor ownership given to the owner. */
  ownerLicence: { code: 'OWNER_LICENCE', status: 409, message: 'errors.ownerLicence' },
  checkoutNotFound: { code: 'CHECKOUT_NOT_FOUND', status: 404, message: 'errors.checkoutNotFound' },
  /** The payment was made already, or its page expired. */
  checkoutClosed: { code: 'CHECKOUT_CLOSED', status: 409, message: 'errors.checkoutClosed' },
  paymentDeclined: { code: 'PAYMENT_DECLINED', status: 402, message: 'errors.paymentDeclined' },
  /** The payment provider did not answer as expected (its message goes to the log). */
  paymentProvider: { code: 'PAYMENT_PROVIDER_ERROR', status: 502, message: 'errors.paymentPage' },
  /** A provider's event that is not signed as the provider signs them, or not understood. */
  webhookRejected: { code: 'WEBHOOK_REJECTED', status: 400, message: 'errors.webhookRejected' },
  // The organisation's logo (SPEC §5, §8): JPEG or PNG, at most 5 MB; details carry maxMegabytes.
  logoUnsupportedType: { code: 'LOGO_UNSUPPORTED_TYPE', status: 415, message: 'errors.logoUnsupportedType' },
  logoTooLarge: { code: 'LOGO_TOO_LARGE', status: 413, message: 'errors.logoTooLarge' },
  /** The bytes start as a JPEG or PNG does but are not one that can be read (cut short, forged). */
  logoSetFailed: { code: 'LOGO_SET_FAILED', status: 422, message: 'errors.logoSetFailed' },
  // Report images (SPEC §3 Project asset, §7 assets, §8 asset errors; apps/api/src/assets): JPEG or PNG read from the bytes, as the logo.
  /** No image of that id for this account (never uploaded, deleted, or another account's). */
  assetNotFound: { code: 'ASSET_NOT_FOUND', status: 404, message: 'errors.assetNotFound' },
  /** Bytes that are not a JPEG or PNG, whatever the file's name says. */
  assetUnsupportedType: { code: 'ASSET_UNSUPPORTED_TYPE', status: 415, message: 'errors.assetUnsupportedType' },
  /** Past ASSET_MAX_BYTES, refused while it streamed in; details.maxMegabytes. */
  assetTooLarge: { code: 'ASSET_TOO_LARGE', status: 413, message: 'errors.assetTooLarge' },
  /** Bytes that start as a JPEG or PNG does but cannot be read as one (cut short, forged). */
  assetUnreadable: { code: 'ASSET_UNREADABLE', status: 422, message: 'errors.assetUnreadable' },
  /** An upload without its `file` part (or not multipart at all). */
  assetMissing: { code: 'ASSET_MISSING', status: 400, message: 'errors.assetMissing' },
  /** The account keeps MAX_ASSETS_PER_ACCOUNT images already; details.maxAssets. */
  assetLimitReached: { code: 'ASSET_LIMIT_REACHED', status: 409, message: 'errors.assetLimitReached' },
  // Business searches (SPEC §5, §8, §9).
  searchNotFound: { code: 'SEARCH_NOT_FOUND', status: 404, message: 'errors.searchNotFound' },
  poiItemNotFound: { code: 'POI_ITEM_NOT_FOUND', status: 404, message: 'errors.poiItemNotFound' },
  /** A write based on an older version of the map's searches (another tab or browser); details.currentVersion. */
  searchVersionConflict: { code: 'SEARCH_VERSION_CONFLICT', status: 409, message: 'errors.searchVersionConflict' },
  /** The plan's business searches are used up (free: the first only); details.maxSearches. */
  searchLimitReached: { code: 'SEARCH_LIMIT_REACHED', status: 403, message: 'errors.searchLimitReached' },
  /** No catalogue of that name is imported; details.datasetName. */
  poiCatalogueUnknown: { code: 'POI_CATALOGUE_UNKNOWN', status: 422, message: 'errors.poiCatalogueUnknown' },
  /** Export of more items than POI_EXPORT_MAX_ITEMS; details.count, details.max. */
  poiExportTooLarge: { code: 'POI_EXPORT_TOO_LARGE', status: 422, message: 'errors.poiExportTooLarge' },
  /** IRIS detail export of areas covering more IRIS than IRIS_DETAIL_EXPORT_MAX_UNITS; details.count, details.max. */
  irisDetailTooLarge: { code: 'IRIS_DETAIL_TOO_LARGE', status: 422, message: 'errors.irisDetailTooLarge' },
  /** Boundaries asked for of a kind of unit the divisions of the area's data country do not list (or not loaded here); details.kind. */
  boundaryKindUnavailable: { code: 'BOUNDARY_KIND_UNAVAILABLE', status: 422, message: 'errors.boundaryKindUnavailable' },
  // Own data: uploaded files (SPEC §5 import file rules, §8 import errors).
  /** Past DATA_FILE_MAX_BYTES, refused while it streamed in; details.maxMegabytes. */
  dataFileTooLarge: { code: 'DATA_FILE_TOO_LARGE', status: 413, message: 'errors.dataFileTooLarge' },
  /** Neither a CSV nor an XLSX file, whatever its name says. */
  dataFileInvalid: { code: 'DATA_FILE_INVALID', status: 415, message: 'errors.dataFileInvalid' },
  /** A table without a header row or without any row under it. */
  dataFileEmpty: { code: 'DATA_FILE_EMPTY', status: 422, message: 'errors.dataFileEmpty' },
  /** No upload of that id for this account (never made, imported and gone, or expired). */
  dataFileNotFound: { code: 'DATA_FILE_NOT_FOUND', status: 404, message: 'errors.dataFileNotFound' },
  /** A multipart body without its `file` field. */
  dataFileMissing: { code: 'DATA_FILE_MISSING', status: 400, message: 'errors.dataFileMissing' },
  /** The geocoding service the import by address relies on did not answer (down, overloaded): try again later. */
  geocoderUnavailable: { code: 'GEOCODER_UNAVAILABLE', status: 503, message: 'errors.geocoderUnavailable' },
  /** The import would hold more points than the plan's pins (SPEC §8 insufficient storage); details.pins, used, adding, plan (the upgrade, if any). */
  insufficientStorage: { code: 'INSUFFICIENT_STORAGE', status: 403, message: 'errors.insufficientStorage' },
  /** No dataset of that id for this account. */
  datasetNotFound: { code: 'DATASET_NOT_FOUND', status: 404, message: 'errors.datasetNotFound' },
  /**
   * An import or a CRM list's synchronisation whose job was lost (its process crashed past its
   * retries, or the queue failed it): the dataset's error, found by the sweep, never an answer's.
   */
  importInterrupted: { code: 'IMPORT_INTERRUPTED', status: 503, message: 'errors.importInterrupted' },
  // App keys (SPEC §7 Appkeys calls).
  /** No live key of that text: never issued, or revoked. */
  appKeyInvalid: { code: 'APP_KEY_INVALID', status: 401, message: 'errors.appKeyInvalid' },
  /** A paid key whose account's paid plan has ended: it answers again once a paid plan is in force. */
  appKeyPlanEnded: { code: 'APP_KEY_PLAN_ENDED', status: 403, message: 'errors.appKeyPlanEnded' },
  /** A key the caller does not hold (DELETE /Clients/{id}/appKeys/{key}). */
  appKeyNotFound: { code: 'APP_KEY_NOT_FOUND', status: 404, message: 'errors.appKeyNotFound' },
  // The city/postcode extractor (SPEC §8 extraction errors, §9 limits).
  /** A demo key's extraction that would list more than its items; details.count, details.max. */
  extractionTooManyResults: { code: 'EXTRACTION_TOO_MANY_RESULTS', status: 422, message: 'errors.extractionTooManyResults' },
  /** A time or distance beyond the extractor's range (unsupported zone); details.hours, details.kilometres. */
  extractionOutOfRange: { code: 'EXTRACTION_OUT_OF_RANGE', status: 422, message: 'errors.extractionOutOfRange' },
  /** A paid key's extractions of the month are used up; details.max. */
  extractionQuotaReached: { code: 'EXTRACTION_QUOTA_REACHED', status: 429, message: 'errors.extractionQuotaReached' },
  /** Cities or postcodes of a kind this server has not imported; details.kind. */
  extractionKindUnavailable: { code: 'EXTRACTION_KIND_UNAVAILABLE', status: 422, message: 'errors.extractionKindUnavailable' },
  /** An extraction that failed for a reason of ours: the same request may succeed in a moment. */
  extractionFailed: { code: 'EXTRACTION_FAILED', status: 503, message: 'errors.extractionFailed', retryAfterSeconds: 5 },
  // Automatic map generation (SPEC §7 POST /v2/maps/generate, §8 generation errors).
  /** More rows than a generation makes areas from (GENERATION_MAX_ROWS); details.count, details.max. */
  generationTooManyRows: { code: 'GENERATION_TOO_MANY_ROWS', status: 422, message: 'errors.generationTooManyRows' },
  /** The dataset has no placed row to make an area from. */
  generationNoRows: { code: 'GENERATION_NO_ROWS', status: 422, message: 'errors.generationNoRows' },
  /** A dataset still importing (or whose import failed): its rows are not all there. */
  generationDatasetNotReady: { code: 'GENERATION_DATASET_NOT_READY', status: 409, message: 'errors.generationDatasetNotReady' },
  /** No generation of that id for this account. */
  generationNotFound: { code: 'GENERATION_NOT_FOUND', status: 404, message: 'errors.generationNotFound' },
  /** A generation's outcome, never an answer's status: it stopped for a reason of ours (SPEC §8 unknown error). */
  generationFailed: { code: 'GENERATION_FAILED', status: 500, message: 'errors.generationFailed' },
  /** A generation's outcome: its job was lost or ran past its time limit (SPEC §8 lost-request timeout). */
  generationTimeout: { code: 'GENERATION_TIMEOUT', status: 504, message: 'errors.generationTimeout' },
  // Own data on maps (SPEC §7 Map datasets).
  /** No row of that id in the dataset. */
  datasetItemNotFound: { code: 'DATASET_ITEM_NOT_FOUND', status: 404, message: 'errors.datasetItemNotFound' },
  /** A write based on an older version of the map's datasets (another tab or browser); details.currentVersion. */
  datasetsVersionConflict: { code: 'DATASETS_VERSION_CONFLICT', status: 409, message: 'errors.datasetsVersionConflict' },
  /** A column the dataset does not have; details.column. */
  datasetColumnUnknown: { code: 'DATASET_COLUMN_UNKNOWN', status: 422, message: 'errors.datasetColumnUnknown' },
  /** A sum or average asked without a column, of a dataset that has no default one. */
  operationColumnRequired: { code: 'OPERATION_COLUMN_REQUIRED', status: 422, message: 'errors.operationColumnRequired' },
  /** Export of more rows than DATASET_EXPORT_MAX_ROWS; details.count, details.max. */
  datasetExportTooLarge: { code: 'DATASET_EXPORT_TOO_LARGE', status: 422, message: 'errors.datasetExportTooLarge' },
  // CRM connections and synchronised lists (SPEC §7 CRM, §8 CRM errors; apps/api/src/crm).
  /** The caller's plan does not let them connect a CRM (SPEC §6); details.plan is the cheapest that does. */
  crmNotAllowed: { code: 'CRM_NOT_ALLOWED', status: 403, message: 'errors.crmNotAllowed' },
  /** The CRM refused the authorisation code, or the server has no app credentials for it: connect again. */
  crmCannotConnect: { code: 'CRM_CANNOT_CONNECT', status: 502, message: 'errors.crmCannotConnect' },
  /** The CRM no longer accepts the connection's refresh token (app uninstalled, access revoked): reconnect. */
  crmConnectionExpired: { code: 'CRM_CONNECTION_EXPIRED', status: 409, message: 'errors.crmConnectionExpired' },
  /** No CRM connection of that id for this account. */
  crmConnectionNotFound: { code: 'CRM_CONNECTION_NOT_FOUND', status: 404, message: 'errors.crmConnectionNotFound' },
  /** The CRM has no list of that id (deleted there), or not one of contacts or companies. */
  crmListNotFound: { code: 'CRM_LIST_NOT_FOUND', status: 404, message: 'errors.crmListNotFound' },
  /** A list holds more records than the plan's pins leave room for; details.pins, used, adding, plan (the upgrade, if any). */
  crmDataLimitReached: { code: 'CRM_DATA_LIMIT_REACHED', status: 403, message: 'errors.crmDataLimitReached' },
  /** The CRM's own rate limit held after our retries (Retry-After as it said). */
  crmRateLimited: { code: 'CRM_RATE_LIMITED', status: 429, message: 'errors.crmRateLimited' },
  /** The list's records could not be placed by the chosen address properties. */
  crmGeolocation: { code: 'CRM_GEOLOCATION', status: 422, message: 'errors.crmGeolocation' },
  /** The CRM answered with a server error, an unreadable body or not in time. */
  crmInternal: { code: 'CRM_INTERNAL', status: 502, message: 'errors.crmInternal' },
  // Download jobs (SPEC §7 download jobs; apps/api/src/downloads).
  /** No download of that id for this account. */
  downloadNotFound: { code: 'DOWNLOAD_NOT_FOUND', status: 404, message: 'errors.downloadNotFound' },
  /** The download's file was asked before its job completed. */
  downloadNotReady: { code: 'DOWNLOAD_NOT_READY', status: 409, message: 'errors.downloadNotReady' },
  /** A retry of a download that has not failed (waiting, running or completed). */
  downloadNotFailed: { code: 'DOWNLOAD_NOT_FAILED', status: 409, message: 'errors.downloadNotFailed' },
  /** This server runs without the job queue (a context built without one). */
  downloadsUnavailable: { code: 'DOWNLOADS_UNAVAILABLE', status: 503, message: 'errors.downloadsUnavailable', retryAfterSeconds: 60 },
  /** A completed download whose file is gone from the store (removed by hand, another store). */
  downloadFileMissing: { code: 'DOWNLOAD_FILE_MISSING', status: 410, message: 'errors.downloadFileMissing' },
  // Market-study reports (SPEC §8 report export error; apps/api/src/reports).
  /** The report would be more than the renderer makes in its time (SPEC §8: 'Too many data to export'). */
  reportTooLarge: { code: 'REPORT_TOO_LARGE', status: 422, message: 'errors.reportTooLarge' },
  /** Reports are not offered for the analysis country (SPEC §2: fr, us, gb, be, ca); details.country. */
  reportCountryUnsupported: { code: 'REPORT_COUNTRY_UNSUPPORTED', status: 422, message: 'errors.reportCountryUnsupported' },
  /** This server has no Chromium to print reports with: the operator installs it or sets CHROMIUM_PATH. */
  reportRendererMissing: { code: 'REPORT_RENDERER_MISSING', status: 503, message: 'errors.reportRendererMissing' },
  /** The print page could not lay the report out (the web app is not built, or failed in the browser). */
  reportRenderFailed: { code: 'REPORT_RENDER_FAILED', status: 500, message: 'errors.reportRenderFailed' },
  // Indicators (SPEC §5, §8 formula and metric errors; apps/api/src/metrics).
  /** The formula's tokens do not make an expression (details.at: the first token that does not fit). */
  formulaIncorrect: { code: 'FORMULA_INCORRECT', status: 400, message: 'errors.formulaIncorrect' },
  /** The formula reads a measure the map does not have (details.unknown: those measures). */
  formulaUnknownMeasures: { code: 'FORMULA_UNKNOWN_MEASURES', status: 400, message: 'errors.formulaUnknownMeasures' },
  formulaTooLong: { code: 'FORMULA_TOO_LONG', status: 400, message: 'errors.formulaTooLong' },
  /** The indicator would read itself through other indicators (details.cycle: their ids). */
  metricCycle: { code: 'METRIC_CYCLE', status: 400, message: 'errors.metricCycle' },
  metricNotFound: { code: 'METRIC_NOT_FOUND', status: 404, message: 'errors.metricNotFound' },
  /** METRICS_PER_MAP_MAX reached (details.max). */
  metricLimitReached: { code: 'METRIC_LIMIT_REACHED', status: 422, message: 'errors.metricLimitReached' },
  /** Another indicator reads this one: it is deleted after them (details.usedBy: their names). */
  metricInUse: { code: 'METRIC_IN_USE', status: 409, message: 'errors.metricInUse' },
  /** The NPS survey is not asked of this account now (nps/nps.ts): answered or dismissed within the period, or the account too young. */
  npsNotDue: { code: 'NPS_NOT_DUE', status: 409, message: 'errors.npsNotDue' },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorName = keyof typeof ERRORS;
export type ErrorCode = (typeof ERRORS)[ErrorName]['code'];

/** Each entry's code, by the entry's name. */
export const ERROR_CODES = Object.fromEntries(Object.entries(ERRORS).map(([name, entry]) => [name, entry.code])) as {
  readonly [Name in ErrorName]: (typeof ERRORS)[Name]['code'];
};

export interface DomainErrorOptions {
  /** Another message than the entry's, for a more precise reason under the same code. */
  message?: ErrorMessageKey;
  /** Sent to the client as they are; their strings, numbers and lists fill the message's {{placeholders}}. */
  details?: unknown;
  /** Overrides the entry's delay when the rule that refused knows better. */
  retryAfterSeconds?: number;
  /**
   * What the server's operator can do about it (e.g. the data command that imports what is missing):
   * written to the server's log, never sent to the client, whose message speaks to its user.
   */
  operatorHint?: string;
}

/** A failure the client can act on, named by its entry in `ERRORS`. Thrown by services and repositories. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly messageKey: ErrorMessageKey;
  readonly details: unknown;
  readonly retryAfterSeconds: number | undefined;
  readonly operatorHint: string | undefined;

  constructor(readonly kind: ErrorName, options: DomainErrorOptions = {}) {
    const entry: ErrorEntry = ERRORS[kind];
    super(options.message ?? entry.message);
    this.name = 'DomainError';
    this.code = ERRORS[kind].code;
    this.messageKey = options.message ?? entry.message;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds ?? entry.retryAfterSeconds;
    this.operatorHint = options.operatorHint;
  }
}

/**
 * Values of one part of a request (`body`, `query`, `params`) that break their schema's rules, as
 * zod reports them: the schemas' own checks, and the same checks when a service makes them later
 * (off the event loop, or in the database). Details list each bad value's path and message.
 */
export class RequestValidationError extends DomainError {
  constructor(readonly issues: z.core.$ZodIssue[], readonly part: string) {
    super('validation');
    this.name = 'RequestValidationError';
  }
}

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; details?: unknown };
}
