#!/usr/bin/env bash
# The names variants of Word Making & Word Taking (rule 7) measured on lists written for
# this measurement, before the rules they measure: well-known places (towns and cities
# of the world and of the British Isles, rivers, islands, lakes and mountains) and
# historical persons a table would accept, and ordinary words and postal or country
# codes a table would refuse. Each list is judged under the rule set it belongs to:
# places under names-places, persons under names-history, all of them under
# names-geo-history (rule 7's "Geographical and Historical names"), the words and codes
# under names-places and names-geo-history.
#
#   bash benches/names.sh                   needs a release build
#   UMPIRE=path/to/umpire bash benches/names.sh     measure another build
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${UMPIRE:-target/release/umpire}
if [ -z "${UMPIRE:-}" ]; then cargo build --release --quiet --bin umpire; fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

words() { tr ' ' '\n' | grep -v '^$'; }
words > "$tmp/places.txt" <<'LIST'
PARIS LONDON ROME BERLIN MADRID LISBON DUBLIN VIENNA PRAGUE WARSAW MOSCOW ATHENS CAIRO
TOKYO DELHI BOMBAY LIMA QUITO OSLO BERNE GENEVA MILAN NAPLES VENICE FLORENCE SEVILLE
LYONS MARSEILLES HAMBURG MUNICH BOSTON CHICAGO DENVER DALLAS SEATTLE TORONTO QUEBEC
SYDNEY PERTH AUCKLAND
YORK BATH DERBY LEEDS LEICESTER OXFORD CAMBRIDGE ETON RYE WELLS DOVER ELY DURHAM CHESTER
KENDAL KESWICK WINDSOR ASCOT HARROW GALWAY CORK SLIGO DUNDEE INVERNESS OBAN
THAMES SEVERN TRENT TYNE TEES WEAR DEE EXE USK SPEY TAY CLYDE SHANNON LIFFEY BOYNE
MERSEY AVON OUSE NILE RHINE DANUBE VOLGA SEINE LOIRE TIBER GANGES AMAZON MISSISSIPPI
ELBA CAPRI CRETE CYPRUS MALTA SICILY SKYE ARRAN IONA MULL JERSEY GUERNSEY WIGHT ANGLESEY
CORFU RHODES IBIZA MAJORCA
GRASMERE WINDERMERE COMO GARDA ERIE HURON TITICACA EVEREST ETNA VESUVIUS ALPS ANDES
SNOWDON NEVIS
LIST
words > "$tmp/persons.txt" <<'LIST'
NAPOLEON CAESAR NERO PILATE CROMWELL NELSON WELLINGTON CHURCHILL GANDHI LINCOLN
WASHINGTON JEFFERSON BISMARCK LENIN STALIN HITLER MUSSOLINI GARIBALDI CLEOPATRA
HANNIBAL ATTILA CHARLEMAGNE SALADIN COLUMBUS MAGELLAN DRAKE RALEIGH COOK NEWTON DARWIN
EINSTEIN GALILEO COPERNICUS PLATO ARISTOTLE SOCRATES CONFUCIUS LUTHER CALVIN WESLEY
MOZART BEETHOVEN BACH HANDEL NIGHTINGALE PANKHURST BOUDICCA ALFRED CANUTE BECKET WOLSEY
PEPYS DISRAELI GLADSTONE PITT MARX FREUD EDISON
LIST
words > "$tmp/ordinary.txt" <<'LIST'
CAT HAT BED PEN ORE TABLE CHAIR SPOON BREAD APPLE HOUSE GARDEN WINDOW PAPER CANDLE
KETTLE BOTTLE PENCIL CARPET MIRROR BASKET LADDER HAMMER BUTTON POCKET BLANKET PILLOW
BUCKET SADDLE TOWEL DOG EGG FISH MILK RAIN SNOW WIND TREE LEAF CLOUD
LIST
words > "$tmp/codes.txt" <<'LIST'
IN OR ME MO IL PA AL LA CA OK HI DE MA GA VA AS NY NJ TX FL UK US USA USSR DC PRC
LIST

judge() { "$bin" check --stdin --rules "$2" < "$tmp/$1.txt" > "$tmp/$1.$2.out" || true; }
count() { grep -cP "\t$3\t" "$tmp/$1.$2.out" || true; }
names() { grep -P "\t$3\t" "$tmp/$1.$2.out" | cut -f1 | tr '\n' ' '; }
line() {
  judge "$1" "$2"
  local n; n=$(wc -l < "$tmp/$1.txt")
  echo "  $1 under $2: $(count "$1" "$2" allowed) of $n allowed"
  echo "    allowed: $(names "$1" "$2" allowed)"
  echo "    refused: $(names "$1" "$2" 'not allowed')"
}
echo "umpire: $bin"
line places names-places
line persons names-history
line ordinary names-places
line codes names-places
# Rule 7's geographical and historical names in one game (a build before it has no
# such rule set).
if "$bin" check --rules names-geo-history PARIS > /dev/null 2>&1; then
  line places names-geo-history
  line persons names-geo-history
  line ordinary names-geo-history
  line codes names-geo-history
fi
