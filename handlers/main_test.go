package handlers

import (
	"os"
	"testing"

	"rondel/store/storetest"
)

// TestMain removes the PostgreSQL database the tests used, if any
// (RONDEL_TEST_STORE=postgres).
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
