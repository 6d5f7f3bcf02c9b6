/**
 * English seed of the aisle classifier: everyday items, written for this app (no copied list).
 * Singular or plural does not matter (itemKey folds them). Multi-word entries are phrases whose
 * last word would mislead ("peanut butter" is no dairy); plain heads ("bread", "juice", "sauce")
 * carry the phrases nobody listed ("whole wheat bread", "apple juice").
 */
import type { SeedAisleId } from "./aisles.js";
import { listOf } from "./word-list.js";

export const SEED_EN: Readonly<Record<SeedAisleId, readonly string[]>> = {
  produce: listOf(`
    apple, banana, orange, lemon, lime, grapes, strawberries, blueberries, raspberries, blackberries, cherries, peach,
    pear, plum, apricot, mango, pineapple, kiwi, watermelon, melon, avocado, tomato, cherry tomatoes, cucumber,
    carrot, potato, sweet potato, onion, red onion, spring onion, garlic, ginger, broccoli, cauliflower, spinach,
    lettuce, salad, iceberg lettuce, rocket, arugula, kale, cabbage, zucchini, courgette, eggplant, aubergine,
    bell pepper, red pepper, green pepper, yellow pepper, chili, jalapeno, mushroom, celery, leek, asparagus,
    green beans, peas, corn on the cob, radish, beetroot, pumpkin, squash, fennel, parsley, basil, coriander,
    cilantro, mint, dill, chives, fresh herbs, grapefruit, coconut, pomegranate, fig, nectarine, clementine,
    tangerine, cranberries, berries, fruit, vegetables, veggies, sprouts, brussels sprouts, shallot, artichoke,
    turnip, parsnip, salad mix, rhubarb, passion fruit, papaya, romaine, scallions, green onions, string beans,
    snap peas, bok choy, collard greens, okra, yams, cantaloupe, honeydew, persimmon, lychee, plantain, herbs, sage,
    bean sprouts, radicchio, endive, watercress, tomatillo, lemongrass, baby carrots, baby potatoes, spring greens,
    swede, mange tout
  `),
  bakery: listOf(`
    bread, roll, bun, burger buns, hot dog buns, baguette, croissant, bagel, cake, muffin, tortilla, wraps, pretzel,
    pita, naan, sourdough, brioche, donut, doughnut, pie, cupcake, toast, sliced bread, ciabatta, focaccia, loaf,
    danish pastry, pastry, cinnamon roll, english muffin, crumpet, flatbread, rye bread, scone, brownie,
    sandwich bread, pita bread, hot cross buns, pound cake, cheesecake, rolls, garlic bread, sub rolls, hoagie rolls,
    bread rolls
  `),
  "dairy-eggs": listOf(`
    milk, cream, whipping cream, sour cream, butter, cheese, cheddar, mozzarella, parmesan, feta, gouda, brie,
    camembert, cream cheese, cottage cheese, ricotta, mascarpone, halloumi, yogurt, yoghurt, quark, eggs, egg,
    oat milk, almond milk, soy milk, tofu, margarine, buttermilk, kefir, creme fraiche, pudding, pizza dough,
    puff pastry, cookie dough, custard, goat cheese, skyr, ghee, half and half, creamer, coffee creamer,
    whipped cream, egg whites, provolone, monterey jack, paneer, burrata, sliced cheese, shredded cheese,
    string cheese, dough, plant milk
  `),
  "meat-fish": listOf(`
    chicken, chicken breast, chicken thighs, chicken wings, turkey, beef, steak, ground beef, minced meat, mince,
    pork, pork chops, lamb, veal, duck, bacon, sausages, bratwurst, ribs, meatballs, salmon, tuna steak, cod, trout,
    shrimp, prawns, mussels, scallops, fish, fish fillet, squid, crab, lobster, pork belly, brisket, venison, tilapia,
    chicken drumsticks, schnitzel, fillet, tenderloin, sirloin, ribeye, hamburger patties, burger patties,
    chicken legs, whole chicken, oysters, clams, halibut, mackerel, sea bass, catfish, haddock, pork shoulder,
    pulled pork, ground pork, ground turkey, lamb chops, chicken tenders, meat, seafood, poultry, gammon
  `),
  deli: listOf(`
    ham, salami, cold cuts, sliced turkey, pastrami, prosciutto, chorizo, mortadella, wiener, frankfurters, hot dogs,
    hummus, dip, guacamole, tzatziki, olives, antipasti, potato salad, coleslaw, pasta salad, pate, liverwurst,
    smoked salmon, pesto, sun dried tomatoes, roast beef, pepperoni, sushi, salsa dip, bologna, deli meat, lunch meat,
    salsa, rotisserie chicken, cheese spread, tapenade, bruschetta, salami sticks, egg salad, tuna salad,
    chicken salad
  `),
  frozen: listOf(`
    ice cream, frozen pizza, fish fingers, fish sticks, ice cubes, ice, popsicle, ice lolly, gelato, sorbet,
    frozen yogurt, french fries, fries, chicken nuggets, frozen vegetables, frozen berries, hash browns, waffles,
    frozen dinner, tv dinner, ice cream cone, dumplings, spring rolls, tater tots, ice pops, edamame, frozen burritos,
    pierogi, sherbet, ice cream sandwich, popsicles, frozen meals, pizza, frozen fruit, oven chips
  `),
  "canned-jarred": listOf(`
    canned tomatoes, chopped tomatoes, tomato paste, passata, baked beans, kidney beans, black beans, chickpeas,
    sweetcorn, corn, tuna, sardines, soup, pickles, gherkins, sauerkraut, coconut milk, tomato puree, canned fruit,
    peaches in syrup, capers, artichoke hearts, jalapenos in a jar, red cabbage, cannellini beans, anchovies,
    chili con carne, ravioli in tomato sauce, pickled beetroot, condensed milk, evaporated milk, applesauce,
    refried beans, pinto beans, green chiles, diced tomatoes, crushed tomatoes, tomato sauce, cranberry sauce, spam,
    corned beef, pumpkin puree, bamboo shoots, water chestnuts, canned soup, mandarin oranges, beans
  `),
  "pasta-rice-grains": listOf(`
    pasta, spaghetti, penne, fusilli, macaroni, lasagna sheets, lasagne, tagliatelle, noodles, egg noodles,
    rice noodles, ramen, rice, basmati rice, jasmine rice, brown rice, risotto rice, couscous, quinoa, lentils,
    red lentils, dried beans, bulgur, barley, millet, polenta, farfalle, gnocchi, orzo, buckwheat, tortellini,
    wild rice, semolina, linguine, rigatoni, ziti, angel hair, udon, soba, vermicelli, arborio rice, sushi rice,
    mac and cheese, instant noodles, split peas, grains, dumpling mix, mashed potato flakes
  `),
  baking: listOf(`
    flour, sugar, brown sugar, powdered sugar, icing sugar, yeast, baking powder, baking soda, vanilla sugar,
    vanilla extract, cocoa powder, chocolate chips, icing, frosting, cornstarch, starch, breadcrumbs, sprinkles,
    cake mix, gelatin, baking chocolate, ground almonds, marzipan, food coloring, cream of tartar, cornmeal,
    whole wheat flour, baking paper, muffin cases, coconut flour, cake flour, bread flour, molasses, corn syrup,
    sesame seeds, chia seeds, flax seeds, seeds, poppy seeds, shredded coconut, cornflour, custard powder,
    brownie mix, sweetener, stevia, agave, pudding mix, pie filling, almond extract
  `),
  "breakfast-cereal": listOf(`
    cereal, muesli, granola, oats, rolled oats, porridge, oatmeal, cornflakes, jam, jelly, marmalade, honey,
    peanut butter, chocolate spread, nutella, maple syrup, syrup, almond butter, cheerios, rice krispies, bran flakes,
    pancake mix, lemon curd, instant oatmeal, grits, waffle mix, pop tarts, nut butter, hazelnut spread, golden syrup,
    cream of wheat, breakfast cereal, marmite
  `),
  "snacks-sweets": listOf(`
    chips, crisps, tortilla chips, crackers, pretzel sticks, chocolate, chocolate bar, candy, sweets, cookies,
    biscuits, nuts, peanuts, almonds, cashews, walnuts, hazelnuts, pistachios, trail mix, dried fruit, raisins,
    dried apricots, popcorn, gummy bears, gummies, licorice, lollipop, marshmallows, granola bar, protein bar,
    rice cakes, jelly beans, chewing gum, gum, breath mints, nachos, candy bar, wafers, beef jerky, dates,
    cheese puffs, pork rinds, m&ms, skittles, snickers, kitkat, oreos, pringles, doritos, fruit snacks, toffee, fudge,
    caramel, truffles, macadamia nuts, pecans, sunflower seeds, pumpkin seeds, snack, snacks, biscotti, breadsticks,
    chocolate covered almonds, haribo, milka, ritter sport, tic tac, lays, cheetos, kinder chocolate, digestives
  `),
  beverages: listOf(`
    water, sparkling water, mineral water, juice, orange juice, apple juice, soda, coke, cola, lemonade, beer, wine,
    red wine, white wine, rose, prosecco, champagne, vodka, gin, rum, whisky, whiskey, tequila, coffee, coffee beans,
    ground coffee, instant coffee, espresso, tea, green tea, herbal tea, iced tea, energy drink, sports drink,
    tonic water, ginger ale, cider, smoothie, kombucha, sprite, coffee pods, hot chocolate, sparkling wine, bourbon,
    brandy, liqueur, vermouth, sake, lager, ale, ipa, stout, seltzer, club soda, root beer, pepsi, fanta, dr pepper,
    gatorade, red bull, coconut water, protein shake, chai, matcha, tea bags, k cups, cold brew, drink, drinks,
    hard seltzer, mixer, cocoa mix, spirits, liquor
  `),
  "condiments-spices": listOf(`
    salt, pepper, black pepper, paprika powder, cumin, cinnamon, oregano, thyme, rosemary, curry powder, chili flakes,
    nutmeg, turmeric, bay leaves, spices, dried herbs, olive oil, vegetable oil, sunflower oil, oil, vinegar,
    balsamic vinegar, ketchup, mustard, mayonnaise, mayo, soy sauce, stock cubes, broth, stock, bouillon, sauce,
    hot sauce, bbq sauce, barbecue sauce, worcestershire sauce, dressing, salad dressing, sriracha, tabasco,
    peppercorns, garlic powder, powder, seasoning, cooking spray, tahini, curry paste, sesame oil, fish sauce, relish,
    gravy, pasta sauce, tomato ketchup, horseradish, avocado oil, ranch, ranch dressing, steak sauce, cayenne,
    chili powder, ginger powder, allspice, cloves, cardamom, dried oregano, miso, hoisin, oyster sauce, marinade,
    aioli, wasabi, harissa, chutney, cooking wine, msg, bay leaf, spice, herbes de provence, garlic salt,
    onion powder, everything bagel seasoning, salad cream
  `),
  "household-cleaning": listOf(`
    detergent, laundry detergent, dish soap, washing up liquid, dishwasher tablets, sponge, trash bags, bin bags,
    garbage bags, paper towels, kitchen roll, toilet paper, aluminium foil, aluminum foil, tin foil, cling film,
    plastic wrap, batteries, light bulb, bleach, all purpose cleaner, cleaner, glass cleaner, fabric softener,
    napkins, tissues, candles, matches, freezer bags, sandwich bags, rubber gloves, air freshener, toilet cleaner,
    scrubber, mop, lighter, dishcloth, zip bags, paper plates, plastic cups, paper cups, plastic cutlery, straws,
    laundry pods, dryer sheets, stain remover, oven cleaner, drain cleaner, disinfectant, cleaning wipes,
    disinfecting wipes, steel wool, scouring pads, coffee filters, wax paper, storage bags, ziploc bags, bin liners,
    light bulbs, tape, duct tape, glue, charcoal, lighter fluid, insect spray, mouse trap, vacuum bags, dish brush,
    washing powder, foil, kleenex, tea lights, dishwasher pods, kitchen towel, loo roll
  `),
  "personal-care": listOf(`
    shampoo, conditioner, soap, hand soap, shower gel, body wash, toothpaste, toothbrush, dental floss, mouthwash,
    deodorant, razor, razor blades, shaving cream, cotton pads, cotton buds, q tips, painkillers, ibuprofen,
    paracetamol, aspirin, medicine, plasters, band aids, sunscreen, tampons, pads, sanitary pads, lotion, body lotion,
    hand cream, face cream, lip balm, makeup, hair gel, hairspray, vitamins, cough syrup, nail polish,
    contact lens solution, condoms, wet wipes, floss, tylenol, advil, antacid, cough drops, bandages, first aid kit,
    thermometer, hand sanitizer, face wash, cleanser, moisturizer, mascara, lipstick, eyeliner, hair dye, hair ties,
    bobby pins, nail file, tweezers, shaving gel, aftershave, perfume, cologne, body spray, dry shampoo, panty liners,
    pregnancy test, eye drops, nasal spray, melatonin, multivitamin, fish oil, allergy pills, pills, nivea,
    cotton balls, cotton wool, wipes
  `),
  "baby-pet": listOf(`
    diapers, nappies, baby food, baby wipes, formula, baby formula, baby bottle, pacifier, dummy, cat food, dog food,
    cat litter, kitty litter, pet treats, dog treats, cat treats, bird seed, fish food, food, dog biscuits,
    baby shampoo, rusks, baby cereal, pet food, baby lotion, diaper cream, sippy cup, teether, puppy pads, cat toys,
    dog toys, chew toys, rawhide, flea treatment, kibble, poop bags, pet shampoo, baby oil, baby powder, pull ups,
    litter
  `),
};
