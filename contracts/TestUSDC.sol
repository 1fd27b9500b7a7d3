// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title The test USDC of a Home Agent chain (embedded EVM or anvil): never a real asset.
/// @notice OpenZeppelin's ERC-20 with USDC's six decimals and a `mint` open to anyone, because it is test money on
/// a local chain. Name and symbol are constants, not storage, so the storage layout is exactly ERC20's (balances in
/// slot 0, allowances in slot 1, total supply in slot 2): the token a stored chain snapshot holds can be given this
/// code and keep every balance.
contract TestUSDC is ERC20 {
    constructor() ERC20("", "") {}

    function name() public pure override returns (string memory) {
        return "USD Coin (Home Agent test)";
    }

    function symbol() public pure override returns (string memory) {
        return "USDC";
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Test money: anyone may mint any amount to anyone.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
