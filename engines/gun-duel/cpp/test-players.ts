/**
 * C++ players of our own for tests (never an original answer's code): a class deriving the
 * stand-in Player.hpp whose fight() is `body`, with `extra` lines (includes, helpers) above it.
 */
export const cppTestPlayer = (name: string, body: string, extra = ''): string => String.raw`#include "Player.hpp"
#include <vector>
#include <cstdio>
${extra}
class ${name} : public Player {
public:
  ${name}(size_t opponent = -1) : Player(opponent) {}
  Action fight() override { ${body} }
};
`;
