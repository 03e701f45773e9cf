package com.acme.shop

class Broken {
  def fine(): Int = 1

  def broken(: Int = {

  class StillFound {
    def size: Int = 0
  }
}
