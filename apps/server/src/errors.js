var __extends =
  (this && this.__extends) ||
  (() => {
    var extendStatics = (d, b) => {
      extendStatics =
        Object.setPrototypeOf ||
        ({ __proto__: [] } instanceof Array &&
          ((d, b) => {
            d.__proto__ = b;
          })) ||
        ((d, b) => {
          for (var p in b) if (Object.hasOwn(b, p)) d[p] = b[p];
        });
      return extendStatics(d, b);
    };
    return (d, b) => {
      if (typeof b !== 'function' && b !== null)
        throw new TypeError('Class extends value ' + String(b) + ' is not a constructor or null');
      extendStatics(d, b);
      function __() {
        this.constructor = d;
      }
      d.prototype = b === null ? Object.create(b) : ((__.prototype = b.prototype), new __());
    };
  })();
Object.defineProperty(exports, '__esModule', { value: true });
exports.AppError = void 0;
var STATUS = {
  invalid_input: 400,
  unauthorized: 401,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  rate_limited: 429,
  provider_failed: 502,
  internal: 500,
};
var AppError = /** @class */ ((_super) => {
  __extends(AppError, _super);
  function AppError(code, message, options) {
    var _this = _super.call(this, message, options) || this;
    _this.code = code;
    _this.name = 'AppError';
    return _this;
  }
  Object.defineProperty(AppError.prototype, 'status', {
    get: function () {
      return STATUS[this.code];
    },
    enumerable: false,
    configurable: true,
  });
  return AppError;
})(Error);
exports.AppError = AppError;
