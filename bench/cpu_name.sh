#!/usr/bin/env bash
# Prints this machine's CPU for result files: the model name, and where it says little (a VM's
# "AMD EPYC"), the family/model numbers that tell Zen 3 (25/1), Zen 4 (25/17) and Zen 5 (26/2) apart,
# the widest SIMD level, and the CPU count.
awk -F': ' '
  /^model name/ && !name { name = $2 }
  /^cpu family/ && !fam { fam = $2 }
  /^model\t/ && !mod { mod = $2 }
  /^flags/ && !simd { simd = ($2 ~ /avx512vnni/ || $2 ~ /avx512_vnni/) ? "AVX-512 VNNI" : ($2 ~ /avx512f/) ? "AVX-512" : ($2 ~ /avx2/) ? "AVX2" : "no AVX2" }
  /^Features/ && !simd { simd = ($2 ~ /asimddp/) ? "NEON dotprod" : "NEON" }
  END { printf "%s (family %s model %s, %s), ", name, fam, mod, simd }' /proc/cpuinfo
echo "$(nproc) CPUs"
