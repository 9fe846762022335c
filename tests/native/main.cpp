// Catch2 v2 main (Debian's catch2 package ships the single header, no Catch2WithMain).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
