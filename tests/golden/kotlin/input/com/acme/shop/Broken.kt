package com.acme.shop

class Broken {
    fun ok(): Int = 1

    fun broken( = 2
}
