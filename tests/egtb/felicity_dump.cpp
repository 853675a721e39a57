// Reads FelicityEgtb's xiangqi tables (nguyenpham/FelicityEgtb, MIT) for
// the comparison in docs/tablebase.md ("Compared with FelicityEgtb"). This
// file is our own code: it only calls FelicityEgtb's probing library, which
// is NOT in this repository. Build it against a checkout of theirs, outside
// this repository (see egtb/examples/compare_felicity.rs for the whole run):
//
//   F=/work/felicity-src                  # their checkout
//   mkdir -p $F/build && cd $F/build
//   gcc -std=c99 -O2 -c ../src/lzma/*.c -D_7ZIP_ST
//   g++ -c ../src/base/*.cpp ../src/xq/*.cpp ../src/fegtb/*.cpp \
//       ../src/fegtbgen/*.cpp -std=c++17 -O2 -DNDEBUG -D_FELICITY_XQ_ \
//       -include cstring
//   g++ -std=c++17 -O2 -DNDEBUG -D_FELICITY_XQ_ -I$F/src -o felicity_dump \
//       /path/to/tests/egtb/felicity_dump.cpp *.o -lpthread
//
// Usage:
//   felicity_dump dump DBDIR NAME   every legal position of their table NAME
//                                   (every number of their index, both sides
//                                   to move): "FEN<TAB>score" lines
//   felicity_dump probe DBDIR       reads FENs (first two fields of each line)
//                                   from stdin, writes "FEN<TAB>score"
//
// The FEN has two fields (board, side to move). The score is FelicityEgtb's:
// 0 a draw, 1000 - n a win in n plies, -(1000 - n) a loss in n plies
// (-1000: no legal move), and "missing"/"illegal" when it has none.

#include <iostream>
#include <sstream>
#include <string>

#include "fegtb/egtb.h"

using namespace fegtb;
using namespace bslib;

static std::string two_fields(const std::string& fen)
{
    std::istringstream in(fen);
    std::string board, side;
    in >> board >> side;
    return board + " " + side;
}

static void print_score(const std::string& fen, int score)
{
    std::cout << fen << '\t';
    if (score == EGTB_SCORE_ILLEGAL) {
        std::cout << "illegal";
    } else if (score > EGTB_SCORE_MATE || score < -EGTB_SCORE_MATE) {
        std::cout << "missing";
    } else {
        std::cout << score;
    }
    std::cout << '\n';
}

static int dump(EgtbDb& db, const std::string& name)
{
    auto file = db.getEgtbFile(name);
    if (file == nullptr || file->getName() != name) {
        std::cerr << "no table " << name << " in the folder\n";
        return 1;
    }
    file->checkToLoadHeaderAndTables(Side::none);
    EgtbBoard board;
    for (i64 idx = 0; idx < file->getSize(); idx++) {
        if (!file->setupBoard(board, idx, FlipMode::none, Side::white) || !board.isLegal()) {
            continue;
        }
        for (auto side : { Side::white, Side::black }) {
            auto score = file->getScore(idx, side);
            if (score == EGTB_SCORE_ILLEGAL) {
                continue;
            }
            board.side = side;
            print_score(two_fields(board.getFen()), score);
        }
    }
    return 0;
}

static int probe(EgtbDb& db)
{
    std::string line;
    while (std::getline(std::cin, line)) {
        auto fen = two_fields(line);
        if (fen.size() < 3) {
            continue;
        }
        EgtbBoard board;
        board.setFen(fen);
        if (!board.isValid() || db.getEgtbFile(board) == nullptr) {
            print_score(fen, EGTB_SCORE_MISSING);
            continue;
        }
        print_score(fen, db.getScore(board));
    }
    return 0;
}

int main(int argc, char* argv[])
{
    std::ios::sync_with_stdio(false);
    if (argc < 3) {
        std::cerr << "usage: felicity_dump dump DBDIR NAME | felicity_dump probe DBDIR\n";
        return 2;
    }
    EgtbKey::initOnce();
    EgtbDb db;
    db.preload(argv[2], EgtbMemMode::all);
    std::string mode = argv[1];
    if (mode == "dump" && argc == 4) {
        return dump(db, argv[3]);
    }
    if (mode == "probe") {
        return probe(db);
    }
    std::cerr << "usage: felicity_dump dump DBDIR NAME | felicity_dump probe DBDIR\n";
    return 2;
}
