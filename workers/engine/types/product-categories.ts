/**
 * Product names by category, for `product_name`'s `category` param (the hosted service's five
 * categories). Data only: an adjective and a product noun of that category.
 */

/** The categories `product_name.category` takes. */
export const PRODUCT_CATEGORIES = ['electronics', 'clothing', 'food', 'home', 'software'] as const;

/** Adjectives and nouns of each category. */
export const CATEGORY_WORDS: Readonly<
  Record<(typeof PRODUCT_CATEGORIES)[number], { adjectives: readonly string[]; nouns: readonly string[] }>
> = {
  electronics: {
    adjectives: ['Wireless', 'Smart', 'Portable', 'Ultra HD', 'Noise-Cancelling', 'Compact', 'Fast-Charging'],
    nouns: [
      'Headphones',
      'Speaker',
      'Smartwatch',
      'Laptop',
      'Monitor',
      'Keyboard',
      'Camera',
      'Tablet',
      'Router',
      'Charger',
    ],
  },
  clothing: {
    adjectives: ['Organic Cotton', 'Slim Fit', 'Waterproof', 'Wool', 'Linen', 'Oversized', 'Classic'],
    nouns: ['T-Shirt', 'Jacket', 'Jeans', 'Hoodie', 'Sneakers', 'Dress', 'Scarf', 'Sweater', 'Cap', 'Socks'],
  },
  food: {
    adjectives: ['Organic', 'Artisan', 'Roasted', 'Gluten-Free', 'Spicy', 'Raw', 'Smoked'],
    nouns: [
      'Coffee Beans',
      'Granola',
      'Olive Oil',
      'Honey',
      'Pasta',
      'Dark Chocolate',
      'Green Tea',
      'Hot Sauce',
      'Trail Mix',
      'Maple Syrup',
    ],
  },
  home: {
    adjectives: ['Handmade', 'Ceramic', 'Bamboo', 'Scandinavian', 'Velvet', 'Rustic', 'Minimalist'],
    nouns: ['Lamp', 'Pillow', 'Blanket', 'Vase', 'Candle', 'Rug', 'Mug', 'Shelf', 'Towel Set', 'Planter'],
  },
  software: {
    adjectives: ['Cloud', 'Pro', 'Enterprise', 'Open', 'Smart', 'Secure', 'Team'],
    nouns: [
      'CRM',
      'Analytics Suite',
      'Password Manager',
      'Task Tracker',
      'VPN',
      'Backup',
      'Code Editor',
      'Antivirus',
      'Design Studio',
      'Helpdesk',
    ],
  },
};
