Object.defineProperty(exports, '__esModule', { value: true });
exports.MAX_EVENTS = void 0;
/** The most events one list answers (Google's events.list maximum page size). */
exports.MAX_EVENTS = 2500;
