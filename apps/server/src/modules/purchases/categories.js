var __assign =
  (this && this.__assign) ||
  function () {
    __assign =
      Object.assign ||
      function (t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
          s = arguments[i];
          for (var p in s) if (Object.hasOwn(s, p)) t[p] = s[p];
        }
        return t;
      };
    return __assign.apply(this, arguments);
  };
Object.defineProperty(exports, '__esModule', { value: true });
exports.CATEGORIES = void 0;
exports.categorize = categorize;
exports.estimateWarranty = estimateWarranty;
var dates_1 = require('../../dates');
/**
 * Product categories, the words that place a product in one, and the usual warranty length there.
 * Lengths are the common manufacturer warranty in months (EU legal guarantee is 24 months for most goods;
 * US manufacturers mostly give 12). An estimate is marked as such, and the user can correct it.
 */
exports.CATEGORIES = [
  {
    name: 'Phones & Tablets',
    warrantyMonths: 12,
    words: ['phone', 'iphone', 'smartphone', 'pixel', 'galaxy', 'tablet', 'ipad'],
  },
  {
    name: 'Computers',
    warrantyMonths: 12,
    words: [
      'laptop',
      'notebook',
      'macbook',
      'computer',
      'pc',
      'desktop',
      'chromebook',
      'monitor',
      'keyboard',
      'mouse',
      'ssd',
      'router',
      'printer',
    ],
  },
  {
    name: 'TV & Audio',
    warrantyMonths: 24,
    words: [
      'tv',
      'television',
      'oled',
      'soundbar',
      'speaker',
      'headphones',
      'earbuds',
      'airpods',
      'headset',
      'amplifier',
      'receiver',
      'projector',
    ],
  },
  { name: 'Cameras', warrantyMonths: 12, words: ['camera', 'lens', 'gopro', 'drone'] },
  {
    name: 'Gaming',
    warrantyMonths: 12,
    words: ['playstation', 'xbox', 'nintendo', 'switch', 'console', 'controller', 'gamepad'],
  },
  {
    name: 'Large Appliances',
    warrantyMonths: 24,
    words: [
      'fridge',
      'refrigerator',
      'freezer',
      'dishwasher',
      'washing machine',
      'washer',
      'dryer',
      'oven',
      'range',
      'cooktop',
      'hob',
      'furnace',
      'boiler',
      'air conditioner',
      'heat pump',
      'water heater',
    ],
  },
  {
    name: 'Small Appliances',
    warrantyMonths: 24,
    words: [
      'vacuum',
      'coffee',
      'espresso',
      'kettle',
      'toaster',
      'blender',
      'mixer',
      'microwave',
      'air fryer',
      'humidifier',
      'dehumidifier',
      'purifier',
      'fan',
      'heater',
      'iron',
      'juicer',
      'grinder',
    ],
  },
  {
    name: 'Personal Care',
    warrantyMonths: 24,
    words: ['razor', 'shaver', 'toothbrush', 'hair dryer', 'straightener', 'trimmer', 'epilator'],
  },
  {
    name: 'Furniture',
    warrantyMonths: 24,
    words: [
      'sofa',
      'couch',
      'chair',
      'table',
      'desk',
      'bed',
      'mattress',
      'wardrobe',
      'shelf',
      'bookcase',
      'cabinet',
      'dresser',
    ],
  },
  {
    name: 'Tools & Garden',
    warrantyMonths: 24,
    words: [
      'drill',
      'saw',
      'mower',
      'lawn',
      'trimmer',
      'pressure washer',
      'ladder',
      'toolbox',
      'grill',
      'bbq',
    ],
  },
  {
    name: 'Sports & Outdoors',
    warrantyMonths: 12,
    words: ['bike', 'bicycle', 'treadmill', 'tent', 'helmet', 'kayak', 'skis'],
  },
  {
    name: 'Smart Home',
    warrantyMonths: 12,
    words: [
      'thermostat',
      'doorbell',
      'smart plug',
      'smoke alarm',
      'smoke detector',
      'alarm',
      'security camera',
      'bulb',
    ],
  },
  {
    name: 'Watches & Wearables',
    warrantyMonths: 24,
    words: ['watch', 'smartwatch', 'fitness tracker', 'fitbit'],
  },
  {
    name: 'Clothing & Shoes',
    warrantyMonths: 0,
    words: ['shirt', 't-shirt', 'jeans', 'jacket', 'shoes', 'sneakers', 'dress', 'socks', 'coat'],
  },
  {
    name: 'Groceries',
    warrantyMonths: 0,
    words: ['milk', 'bread', 'coffee beans', 'tea', 'fruit', 'vegetable', 'cheese', 'snack', 'grocery'],
  },
  {
    name: 'Books & Media',
    warrantyMonths: 0,
    words: ['book', 'paperback', 'hardcover', 'kindle edition', 'vinyl', 'blu-ray', 'dvd'],
  },
  {
    name: 'Parts & Consumables',
    warrantyMonths: 0,
    words: [
      'filter',
      'cartridge',
      'toner',
      'ink',
      'brush head',
      'blades',
      'bags',
      'descaler',
      'battery',
      'wick',
      'refill',
    ],
  },
];
var escape = (word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
var MATCHERS = exports.CATEGORIES.map((c) =>
  __assign(__assign({}, c), {
    pattern: new RegExp('\\b('.concat(c.words.map(escape).join('|'), ')s?\\b'), 'i'),
  }),
);
/**
 * The category a product's words suggest; the longest matching word wins, so "coffee beans" is a grocery
 * and "coffee machine" an appliance. Null when nothing matches.
 * @example categorize('Bosch Serie 4 dishwasher') //=> 'Large Appliances'
 */
function categorize(productName) {
  var _a;
  var best = null;
  for (var _i = 0, MATCHERS_1 = MATCHERS; _i < MATCHERS_1.length; _i++) {
    var matcher = MATCHERS_1[_i];
    var match = matcher.pattern.exec(productName);
    if ((match === null || match === void 0 ? void 0 : match[1]) && (!best || match[1].length > best.length))
      best = { name: matcher.name, length: match[1].length };
  }
  return (_a = best === null || best === void 0 ? void 0 : best.name) !== null && _a !== void 0 ? _a : null;
}
/**
 * The usual warranty end for a product of `category` bought on `purchaseDate`; null when the category
 * has no warranty worth tracking (groceries, clothing) or is unknown.
 * @example estimateWarranty('Computers', '2026-01-31') //=> '2027-01-31'
 */
function estimateWarranty(category, purchaseDate) {
  var _a, _b;
  var months =
    (_b =
      (_a = exports.CATEGORIES.find((c) => c.name === category)) === null || _a === void 0
        ? void 0
        : _a.warrantyMonths) !== null && _b !== void 0
      ? _b
      : 0;
  if (!purchaseDate || months === 0) return null;
  var _c = purchaseDate.split('-').map(Number),
    y = _c[0],
    m = _c[1],
    d = _c[2];
  var end = new Date(Date.UTC(y, m - 1 + months, 1));
  var lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(d, lastDay));
  return (0, dates_1.addDays)(end.toISOString().slice(0, 10), 0);
}
