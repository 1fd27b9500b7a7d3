/** HybridDeleGator links the P-256 verifier library; the compiler left this placeholder where its address goes. */
export const SCL_RIP7212_PLACEHOLDER = /__\$b8f96b288d4d0429e38b8ed50fd423070f\$__/gu;
