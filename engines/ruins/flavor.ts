/**
 * ruins.py's flavour tables (constant data, carried over as data): adventurer names and the
 * trap messages, drawn from the game's separate flavour generator exactly as the driver does.
 */
import type { PyRandom } from '../core/rng/python-random.ts';

export const FIRST_NAMES = [
  'Eddard', 'Rob', 'Jon', 'Sansa', 'Theon', 'Arya', 'Brandon', 'Richard',
  'Hodor', 'Jaime', 'Cersei', 'Tyrion', 'Tywin', 'Robert', 'Joffrey',
  'Tommen', 'Dany', 'Samwell', 'Marjorie', 'Stannis', 'Peter', 'Jora',
  'Bilbo', 'Frodo', 'Sam', 'Legolas', 'Gimley', 'Gandalf', 'Ned', 'Albert',
  'Lyn', 'Eliwood', 'Hector', 'Guy', 'Kent', 'Dorcas', 'Fiora', 'Ike',
  'Marth', 'Roy', 'Lucina', 'Corrin', 'Robin', 'Chrom', 'Anna', 'Ramsey',
  'Alexander', 'James', 'John', 'Jacob', 'Deborah', 'Rebecca', 'Willard',
  'Zeus', 'Athena', 'Apollo', 'Diana', 'Juno', 'Hera', 'Icarus', 'Samson',
  'Chell', 'Gordon', 'Samus', 'Link', 'Edward', 'Alphonse', 'Winry', 'Fox',
  'Mario', 'Luigi', 'Ash', 'Brock', 'Misty', 'Winston', 'Torbjorn', 'Angela',
  'Kirby', 'Masahiro', 'Shigeru', 'Lucy', 'Freddie', 'Patrick', 'Aerith',
  'Cloud', 'Tifa', 'Barret', 'Red', 'Blue', 'Gary', 'Chara', 'Usagi',
  'Ajna', 'Morgan', 'Steve', 'Harry', 'Jack', 'Homer', 'Bart', 'Lisa',
  'Elsa', 'Ana', 'Emma', 'Regina', 'Mary', 'Margaret', 'Pit', 'Brad',
  'Sonja', 'Ryu', 'Ken', 'Olivia', 'Major', 'Ron', 'Quinn', 'Elmer',
  'Justin',
];

export const LAST_NAMES = [
  'Stark', 'Barathean', 'Lannister', 'Snow', 'Tarley', 'Grayjoy', 'Bolton',
  'Stormborn', 'Targaryen', 'Balish', 'Mormant', 'Baggins', 'Churchill',
  'Freeman', 'Aran', 'Elric', 'Rockbell', 'McCloud', 'Lombardi', 'Smith',
  'Lindholm', 'Ketchum', 'Sakurai', 'Miyamoto', 'Heartfilia', 'Mercury',
  'Oak', 'Elm', 'Birch', 'Tsukino', 'Strife', 'Lockheart', 'Jackson',
  'Potter', 'Sparrow', 'Simpson', 'Flanders', 'Young', 'Einstein', 'Swan',
  'Parker', 'Harris', 'Moore', 'Barnes', 'Finley', 'Pitt', 'Ridley',
];

export const NAME_SUFFIXES = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XIII', 'Jr.', 'Sr.', 'PhD', 'MD', 'DDS'];

export const MONIKERS = [
  'the Great', 'the Smuggler', 'the Cat Burglar', 'the Insomniac',
  'the Forgettable', 'the Orphan', 'the Wizard', 'the Lazy',
  'the Untamed', 'the Well-armed', 'the Pirate', 'the Unimportant',
  'the Hero', 'the Unkempt', 'the Distasteful', 'the Dog Whisperer',
  'the Peasant', 'the Impaler', 'of Arendale', 'the Simpleton',
];

export const TRAPS = [
  'was sliced in half by a swinging blade trap.',
  'fell into a pit of spikes.',
  'was crushed by a boulder.',
  'was eaten by a wild shriekbat.',
  'was shot by a crossbow trap.',
  'fell into a bottomless pit.',
  'was devoured by a mimic.',
  'was incinerated by a fire trap.',
  'got sucked into a dimensional vortex.',
  'mysteriously vanished.',
  'was flung into a pool of acid.',
  'was stung by a giant bee.',
  'was absorbed by a gelatinous monster.',
  'was bitten by a swarm of venomous snakes.',
  'was decapitated by a sword trap',
];

/** Ruins.generate_name: one random() then first name, and last name (+ suffix) or moniker. */
export function generateName(flavor: PyRandom): string {
  const r = flavor.random();
  const parts = [flavor.choice(FIRST_NAMES)];
  if (r < 0.75) {
    parts.push(flavor.choice(LAST_NAMES));
    if (r < 0.15) parts.push(flavor.choice(NAME_SUFFIXES));
  } else {
    parts.push(flavor.choice(MONIKERS));
  }
  return parts.join(' ');
}

/** Ruins.trap: a random trap message. */
export function trap(flavor: PyRandom): string {
  return flavor.choice(TRAPS);
}
